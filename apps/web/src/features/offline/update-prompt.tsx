// Registers the service worker and, when a new version is waiting, offers 'Refresh to update':
// the new version takes over only then, and the page reloads into it whole.
import { useRegisterSW } from 'virtual:pwa-register/react';

const HOURLY = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A phone keeps the app open for days: look for a new version now and then.
      if (registration) setInterval(() => void registration.update().catch(() => {}), HOURLY);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-[calc(6.5rem+var(--spacing-safe-bottom))] z-40 mx-auto flex max-w-md items-center justify-between gap-3 rounded-2xl bg-stone-900 px-4 py-3 text-white shadow-lg"
    >
      <span className="text-sm">A new version of Kete is ready.</span>
      <button
        type="button"
        onClick={() => void updateServiceWorker(true)}
        className="min-h-11 shrink-0 rounded-full bg-flax-600 px-4 text-sm font-semibold text-white"
      >
        Refresh to update
      </button>
    </div>
  );
}

// 'Sam added Milk', shown briefly at the top when another member changes the workspace.
import { create } from 'zustand';

const SHOWN_MS = 3500;

interface ToastState {
  message: string | null;
  key: number;
  show(message: string): void;
}

let hideTimer: ReturnType<typeof setTimeout> | null = null;

export const useLiveToast = create<ToastState>()((set) => ({
  message: null,
  key: 0,
  show(message) {
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = setTimeout(() => set({ message: null }), SHOWN_MS);
    set((state) => ({ message, key: state.key + 1 }));
  },
}));

export function LiveToast() {
  const { message, key } = useLiveToast();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[max(0.75rem,env(safe-area-inset-top))] z-40 flex justify-center px-4"
    >
      {message && (
        <p
          key={key}
          data-testid="live-toast"
          className="animate-[kete-fade-in_200ms_ease-out] rounded-full bg-stone-900 px-4 py-2 text-sm font-medium text-white shadow-lg"
        >
          {message}
        </p>
      )}
    </div>
  );
}

// The global loading flag made visible: a thin accent bar at the top while requests run.
// Decorative only; screens announce their own loading states.
import { useIsLoading } from '../../lib/loading-store.js';

export function LoadingBar() {
  const loading = useIsLoading();
  return (
    <div
      aria-hidden="true"
      data-loading={loading || undefined}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-warm-500 transition-opacity duration-300 ${loading ? 'opacity-100 motion-safe:animate-pulse' : 'opacity-0'}`}
    />
  );
}

// Spec section 4: "Action buttons are disabled while a request is in flight, by default." An action
// that returns a promise makes its button busy until the promise settles, and presses meanwhile are
// ignored at once (a ref, not only the re-render), so a fast double tap sends one request.
import { useCallback, useEffect, useRef, useState } from 'react';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

export function usePendingAction() {
  const running = useRef(false);
  const mounted = useRef(true);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Runs `action` unless the previous one is still running. */
  const run = useCallback((action: () => unknown) => {
    if (running.current) return;
    const result = action();
    if (!isThenable(result)) return;
    running.current = true;
    setPending(true);
    // The caller shows its own failure (or the API client routed it); the button only waits.
    Promise.resolve(result)
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
        if (mounted.current) setPending(false);
      });
  }, []);

  return { pending, run };
}

// Code fetched after the first screen (the service worker's registration) can fail to arrive: a
// first visit with no connection before anything is cached, or a server that is restarting. That
// failure must not take the page down with it. The import is tried again when the connection
// returns, and now and then, since a server that comes back sends no 'online' event. Browsers
// fetch a module again on the next import() after a failed one.

export interface ImportRetry {
  /** How long to wait before trying again when no 'online' event comes first. */
  retryMs?: number;
  /** Stops trying (the component that wanted it has gone); the promise then never settles. */
  signal?: AbortSignal;
}

export function importWhenReachable<T>(load: () => Promise<T>, options: ImportRetry = {}): Promise<T> {
  const { retryMs = 15_000, signal } = options;
  return new Promise<T>((resolve) => {
    const attempt = () => {
      if (signal?.aborted) return;
      load().then(resolve, () => waitThen(attempt));
    };
    const waitThen = (next: () => void) => {
      const again = () => {
        clearTimeout(timer);
        window.removeEventListener('online', again);
        next();
      };
      const timer = setTimeout(again, retryMs);
      window.addEventListener('online', again);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          window.removeEventListener('online', again);
        },
        { once: true },
      );
    };
    attempt();
  });
}

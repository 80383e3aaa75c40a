// Code fetched after the first screen (the service worker's registration) can fail to arrive: a
// first visit with no connection before anything is cached, or a server that is restarting. That
// failure must not take the page down with it. The import is tried again when the connection
// returns, and now and then, since a server that comes back sends no 'online' event. Browsers
// fetch a module again on the next import() after a failed one.
import { onlineOrAfter } from './online-or-after.js';

export interface ImportRetry {
  /** How long to wait before trying again when no 'online' event comes first. */
  retryMs?: number;
  /** Stops trying (the component that wanted it has gone); the promise then never settles. */
  signal?: AbortSignal;
}

export async function importWhenReachable<T>(load: () => Promise<T>, options: ImportRetry = {}): Promise<T> {
  const { retryMs = 15_000, signal } = options;
  while (!signal?.aborted) {
    try {
      return await load();
    } catch {
      await onlineOrAfter(retryMs, signal);
    }
  }
  return new Promise<T>(() => {});
}

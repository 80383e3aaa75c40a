// Waiting before trying the server again: the wait ends early when the browser says it is back
// online, so a phone coming out of a tunnel does not sit out the rest of a pause.

/** Resolves after `ms`, or at once when the browser goes back online, or when `signal` aborts. */
export function onlineOrAfter(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal?.addEventListener('abort', done);
  });
}

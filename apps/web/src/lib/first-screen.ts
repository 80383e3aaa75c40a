// Work that must not compete with the first screen on a slow phone link: the service worker's
// download of the whole app for offline use, the local database, the other screens' code. It
// starts once a screen with content has shown (the workspace shell says so), or, on pages without
// one (sign-in, error pages), a few seconds after the page has loaded.
const waiting: (() => void)[] = [];
let shown = false;

/** Runs `work` once the first screen has shown (at once if it has). */
export function afterFirstScreen(work: () => void): void {
  if (shown) work();
  else waiting.push(work);
}

/** The first screen with content is on the page: start the waiting work when the browser is idle. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  const run = () => {
    for (const work of waiting.splice(0)) work();
  };
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

/** Pages that never show the shell still get the work, a little after they have loaded. */
export function firstScreenFallback(afterLoadMs = 4000): void {
  const later = () => setTimeout(firstScreenShown, afterLoadMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

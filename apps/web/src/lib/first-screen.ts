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

/** A moment after the first screen, so it settles first (e.g. home's first-visit store modal). */
const SETTLE_MS = 1500;

/** The first screen with content is on the page: the waiting work starts a moment later, when idle. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  const run = () => {
    for (const work of waiting.splice(0)) work();
  };
  setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, SETTLE_MS);
}

/** Pages that never show the shell still get the work, a little after they have loaded. */
export function firstScreenFallback(afterLoadMs = 4000): void {
  const later = () => setTimeout(firstScreenShown, afterLoadMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

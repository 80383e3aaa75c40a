// Work that must not compete with the first screen on a slow phone link: the service worker's
// download of the whole app for offline use, the local database, the other screens' code. It
// starts once a screen with content has shown (the workspace shell says so), or, on pages without
// one (sign-in, error pages), a few seconds after the page has loaded.
//
// It then runs one piece at a time, each in an idle moment of its own, the next only once the one
// before has finished (its code arrived and ran) or has had MAX_WAIT_MS. Run together, the pieces
// were one long task of ~50 ms on this machine (~200 ms on Lighthouse's 4x slower phone), and the
// screens' code they fetched ran together in another: a tap in that second or two waited for both.

/** A piece of work; a promise says when it has finished (code arrived and ran). */
export type Work = () => unknown;

/** A moment after the first screen, so it settles first (e.g. home's first-visit store modal). */
const SETTLE_MS = 1500;
/** A piece that has not finished by then (its code waits for a connection) lets the next one go. */
const MAX_WAIT_MS = 2000;

interface Timers {
  /** Runs `run` when the browser is idle (requestIdleCallback, or a timer where there is none). */
  whenIdle(run: () => void): void;
  after(ms: number, run: () => void): void;
}

const browserTimers: Timers = {
  whenIdle: (run) => {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: MAX_WAIT_MS });
    else setTimeout(run, 0);
  },
  after: (ms, run) => {
    setTimeout(run, ms);
  },
};

export function createFirstScreenQueue(timers: Timers = browserTimers) {
  const waiting: Work[] = [];
  let shown = false;
  let started = false;
  let running = false;

  const runNext = (): void => {
    const work = waiting.shift();
    if (!work) {
      running = false;
      return;
    }
    let finished: Promise<unknown>;
    try {
      finished = Promise.resolve(work());
    } catch {
      finished = Promise.resolve();
    }
    let next = false;
    const goOn = () => {
      if (next) return;
      next = true;
      timers.whenIdle(runNext);
    };
    finished.then(goOn, goOn);
    timers.after(MAX_WAIT_MS, goOn);
  };

  const kick = () => {
    if (!started || running || waiting.length === 0) return;
    running = true;
    timers.whenIdle(runNext);
  };

  return {
    /** Runs `work` once the first screen has shown, after the pieces queued before it. */
    afterFirstScreen(work: Work): void {
      waiting.push(work);
      kick();
    },
    /** The first screen with content is on the page: the waiting work starts a moment later. */
    firstScreenShown(): void {
      if (shown) return;
      shown = true;
      timers.after(SETTLE_MS, () => {
        started = true;
        kick();
      });
    },
  };
}

const queue = createFirstScreenQueue();

export const afterFirstScreen = queue.afterFirstScreen;
export const firstScreenShown = queue.firstScreenShown;

/** Pages that never show the shell still get the work, a little after they have loaded. */
export function firstScreenFallback(afterLoadMs = 4000): void {
  const later = () => setTimeout(firstScreenShown, afterLoadMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

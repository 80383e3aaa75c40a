// Keeps the stored verdicts (verdict-store.ts) current from one process of the server (the
// cluster's primary, which also runs the other background work): each minute it stores the
// verdicts an ingest or a history import left for later, and on a new day those that fell due.
// Readers never wait for it: until it is done they compute verdicts from the history.
import type { AppContext } from '../../app-context.js';
import { acquireLease } from '../refresh/job-lease.js';
import { type RefreshReport, refreshDueVerdicts, refreshPendingVerdicts } from './verdict-store.js';

const CHECK_MS = 60_000;
const FIRST_CHECK_MS = 2_000;
/** Long enough for a full refresh at NZ scale (about a minute), short enough to recover from a
 * keeper that died holding it. */
const LEASE_MS = 15 * 60_000;

export interface VerdictKeeper {
  /** One check now (what the timer does each minute); resolves when it is done. */
  check(): Promise<void>;
  stop(): void;
}

export function startVerdictKeeper(ctx: AppContext, log: (line: string) => void): VerdictKeeper {
  let stopped = false;
  let running: Promise<void> | undefined;
  const describe = (what: string, report: RefreshReport, started: number) =>
    log(
      `Stored verdicts (${what}): ${report.verdicts} computed, ${report.written} written, ${report.deleted} removed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

  const work = async () => {
    const lease = await acquireLease(ctx.db, 'verdicts', LEASE_MS, () => ctx.clock.now());
    if (!lease) return; // another process or host is at it
    try {
      let started = performance.now();
      const pending = await refreshPendingVerdicts(ctx.db, ctx.dialect, ctx.clock.now());
      if (pending) describe('after an ingest', pending, started);
      started = performance.now();
      const due = await refreshDueVerdicts(ctx.db, ctx.dialect, ctx.clock.now());
      if (due && due.verdicts > 0) describe('due today', due, started);
    } finally {
      await lease.release();
    }
  };
  const check = () => {
    running ??= work()
      .catch((error: unknown) => {
        // Never take the server down: readers fall back to the history, and the next check retries.
        if (!stopped) log(`Stored verdicts: refresh failed: ${(error as Error).message}`);
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const first = setTimeout(check, FIRST_CHECK_MS);
  const timer = setInterval(check, CHECK_MS);
  first.unref();
  timer.unref();
  return {
    check,
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

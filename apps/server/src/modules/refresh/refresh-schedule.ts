// KETE_REFRESH: the same refresh on a cron schedule inside the server (croner: maintained, no
// dependencies, time zones, and `protect` so a slow run is never overlapped in this process). The
// database lease keeps other processes and hosts from starting one at the same time.
import { Cron } from 'croner';
import type { AppContext } from '../../app-context.js';
import { REFRESH_TIME_ZONE } from './cron-pattern.js';
import { describeSummary, type RefreshOptions, refreshOnce } from './refresh.service.js';

export function startRefreshSchedule(
  ctx: AppContext,
  pattern: string,
  log: (line: string) => void,
  overrides: Partial<Omit<RefreshOptions, 'log'>> = {},
): Cron {
  return new Cron(pattern, { protect: true, unref: true, timezone: REFRESH_TIME_ZONE }, async () => {
    try {
      const summary = await refreshOnce(ctx, {
        intervalMs: 1500,
        retries: 4,
        backoffMs: 2000,
        ...overrides,
        log,
      });
      log(summary ? describeSummary(summary) : 'Scheduled refresh skipped: another process is refreshing.');
    } catch (error) {
      // Never take the server down: the next scheduled run tries again.
      log(`Scheduled refresh failed: ${(error as Error).message}`);
    }
  });
}

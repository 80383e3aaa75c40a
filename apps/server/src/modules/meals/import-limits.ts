// Limits of recipe import per user (issue 43 item 6): an import fetches a page and reads up to
// 2 MB of HTML, so one account may make 30 a minute and 2 at once. Both are kept in the database
// (rate_limits), so they hold across server processes: the minute's count as the plan's is, and
// each of the 2 places as a lease (workspace-turns' take, keyed by the user), freed when the
// import ends or, after a crash, when the lease runs out.
import { IMPORTS_PER_USER_AT_ONCE, IMPORTS_PER_USER_PER_MINUTE } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { MINUTE } from '../../lib/clock.js';
import { RetryLater, tooManyRequests } from '../../lib/http-error.js';
import { rateLimits } from '../limits/rate-limits.js';
import { workspaceTurns } from '../limits/workspace-turns.js';

export const importLimitMessages = {
  tooMany: 'You are importing recipes very quickly. Please wait a minute and try again.',
  busy: 'Kete is still reading your other recipes. Please wait for them and try again.',
};

export function importLimits(ctx: AppContext) {
  const limits = rateLimits(ctx.db);
  const now = () => ctx.clock.now();
  const places = Array.from({ length: IMPORTS_PER_USER_AT_ONCE }, (_, i) =>
    workspaceTurns(ctx.db, `import-place-${i + 1}`, importLimitMessages.busy, now),
  );

  return {
    /** Runs `work` as one of the user's imports; 429 past the minute's count or while 2 run. */
    async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
      const at = now();
      if ((await limits.hit(`imports:${userId}`, MINUTE, at)) > IMPORTS_PER_USER_PER_MINUTE)
        throw new RetryLater(importLimitMessages.tooMany, limits.retryAfterSeconds(MINUTE, at));
      for (const place of places) {
        const release = await place.take(userId);
        if (!release) continue;
        try {
          return await work();
        } finally {
          await release();
        }
      }
      throw tooManyRequests(importLimitMessages.busy);
    },
  };
}

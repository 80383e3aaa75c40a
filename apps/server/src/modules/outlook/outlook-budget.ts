// What a stranger with many free accounts could make the outlooks cost (decision 0023, 0025): a
// pair (product, store) not yet kept for the day is a read of its whole price history, and each
// one worked out pushes an older one out of the day's cache. So each user may have
// OUTLOOK_FRESH_PAIRS_PER_USER_PER_MINUTE pairs worked out fresh a minute, counted in the database
// (rate_limits) as the plans are, so the budget holds across processes. Kept pairs cost nothing.
import { OUTLOOK_FRESH_PAIRS_PER_USER_PER_MINUTE } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { MINUTE } from '../../lib/clock.js';
import { RetryLater } from '../../lib/http-error.js';
import { rateLimits } from '../limits/rate-limits.js';

export const outlookLimitMessage =
  'You are asking for many price outlooks at once. Please wait a minute and try again.';

/** Spends `pairs` of the user's minute, or refuses (429, Retry-After) when that would pass it. */
export type SpendPairs = (pairs: number) => Promise<void>;

export function outlookBudget(ctx: AppContext): (userId: number) => SpendPairs {
  const limits = rateLimits(ctx.db);
  return (userId) => async (pairs) => {
    const now = ctx.clock.now();
    const bucket = `outlook-pairs:${userId}`;
    if ((await limits.hit(bucket, MINUTE, now, pairs)) <= OUTLOOK_FRESH_PAIRS_PER_USER_PER_MINUTE) return;
    // Not worked out, so not spent: a smaller ask may still fit in what is left of the minute.
    await limits.hit(bucket, MINUTE, now, -pairs);
    throw new RetryLater(outlookLimitMessage, limits.retryAfterSeconds(MINUTE, now));
  };
}

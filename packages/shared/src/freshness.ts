// How old a price is (issue 33, item 1; docs/decisions/0020-trust-in-every-price.md). Every price
// carries `seenAt`, when a feed last listed it. Older than the stale limit (KETE_STALE_DAYS,
// default 8 days: a week's specials and a day's grace), it is marked calmly where a shopper
// decides, and a fresh price at another store is preferred to it.
import { DAY_MS } from './price-verdict.js';

export const DEFAULT_STALE_DAYS = 8;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Whether a price last seen at `seenAt` is stale at `now` (an unknown age is not called stale). */
export function isStale(
  price: { seenAt?: number | null },
  now: number,
  staleDays: number = DEFAULT_STALE_DAYS,
): boolean {
  const seenAt = price.seenAt;
  return seenAt !== undefined && seenAt !== null && now - seenAt > staleDays * DAY_MS;
}

/** 'checked just now', 'checked 20 min ago', 'checked 3 h ago', 'checked 9 days ago'. */
export function checkedAgo(seenAt: number, now: number): string {
  const age = Math.max(0, now - seenAt);
  if (age < MINUTE_MS) return 'checked just now';
  if (age < HOUR_MS) return `checked ${Math.floor(age / MINUTE_MS)} min ago`;
  if (age < DAY_MS) return `checked ${Math.floor(age / HOUR_MS)} h ago`;
  const days = Math.floor(age / DAY_MS);
  return `checked ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

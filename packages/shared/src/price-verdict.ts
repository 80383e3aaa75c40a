// The verdict on a store's price from its history (issue 12; rules and sources in
// docs/decisions/0008-prices-over-time.md). Pure: the server feeds it price_history rows.
//
// A history is a list of change points, oldest first; each point holds until the next one (the
// last until `now`). A point with price null is a delisting: the time until the next point counts
// for nothing. Every comparison uses the per-unit cost, so "2 for $5" compares as $2.50.
import type { DealRating } from './api.js';
import { isPromotion } from './enums.js';

export const DAY_MS = 86_400_000;
/** EU Omnibus rule (Directive 98/6/EC art. 6a): the lowest price in the 30 days before a reduction. */
export const PRIOR_DAYS = 30;
export const USUAL_DAYS = 90;
export const LOWEST_DAYS = 365;
/** 'great': at or within 5% of the 365-day low. */
export const GREAT_MARGIN = 0.05;
/** 'great' claims a low over the year: only from a history that reaches at least this far back
 * before the special began (issue 45; half the year the low is taken over). */
export const GREAT_HISTORY_DAYS = 180;

export interface PricePoint {
  observedAt: number;
  /** null: the store stopped listing the product. */
  price: number | null;
  promotionType: number;
  multibuyQuantity?: number | null;
  multibuyPrice?: number | null;
}

export interface PriceVerdict {
  priorPrice: number | null;
  usualPrice: number | null;
  lowest365: number | null;
  dealRating: DealRating | null;
}

export const noVerdict: PriceVerdict = {
  priorPrice: null,
  usualPrice: null,
  lowest365: null,
  dealRating: null,
};

/** What one unit costs at this point: the cheaper of the shelf price and a multibuy's share. */
export function unitCost(point: PricePoint): number | null {
  if (point.price === null) return null;
  const { multibuyQuantity: quantity, multibuyPrice: total } = point;
  if (quantity && quantity > 1 && total) return Math.min(point.price, Math.round(total / quantity));
  return point.price;
}

interface Span {
  from: number;
  to: number;
  cost: number | null;
  promotion: boolean;
}

/** The points as spans of time, each until the next point (the last until `now`). */
function spans(points: readonly PricePoint[], now: number): Span[] {
  const sorted = [...points].filter((p) => p.observedAt <= now).sort((a, b) => a.observedAt - b.observedAt);
  return sorted.map((p, i) => ({
    from: p.observedAt,
    to: sorted[i + 1]?.observedAt ?? now,
    cost: unitCost(p),
    promotion: p.price !== null && isPromotion(p.promotionType),
  }));
}

const overlap = (s: Span, from: number, to: number) =>
  Math.max(0, Math.min(s.to, to) - Math.max(s.from, from));

function lowestIn(list: Span[], from: number, to: number): number | null {
  let lowest: number | null = null;
  for (const s of list) {
    if (s.cost !== null && overlap(s, from, to) > 0 && (lowest === null || s.cost < lowest)) lowest = s.cost;
  }
  return lowest;
}

/** The price charged for the longest time in the window (a tie goes to the dearer price, the
 * shelf price rather than the special). */
function usualIn(list: Span[], from: number, to: number): number | null {
  const time = new Map<number, number>();
  for (const s of list) {
    const t = overlap(s, from, to);
    if (s.cost !== null && t > 0) time.set(s.cost, (time.get(s.cost) ?? 0) + t);
  }
  let best: number | null = null;
  let bestTime = -1;
  for (const [cost, t] of time) {
    if (t > bestTime || (t === bestTime && best !== null && cost > best)) {
      best = cost;
      bestTime = t;
    }
  }
  return best;
}

/** When the current run of promotions began: back-to-back promotions count as one, and a
 * delisting between two promotions does not end the run. */
function promotionStart(list: Span[]): number {
  let start = list[list.length - 1]?.from ?? 0;
  for (let i = list.length - 1; i >= 0; i--) {
    const s = list[i] as Span;
    if (s.cost !== null && !s.promotion) break;
    if (s.promotion) start = s.from;
  }
  return start;
}

/**
 * A history of one point (most prices: unchanged since first seen) as priceVerdict judges it,
 * without building spans: the price has held since then, so it is both the usual and the lowest
 * price, no earlier price is known, and a promotion that has run for more than half the usual
 * window is the usual price. The server stores ~10M verdicts a day, most of them this case.
 */
export function onePointVerdict(point: PricePoint, now: number): PriceVerdict {
  const cost = unitCost(point);
  if (cost === null || point.observedAt > now) return noVerdict;
  // A point observed this instant has held for no time: no window has seen it yet.
  const held = point.observedAt < now ? cost : null;
  if (!isPromotion(point.promotionType))
    return { priorPrice: null, usualPrice: held, lowest365: held, dealRating: null };
  const promotedTime = now - Math.max(point.observedAt, now - USUAL_DAYS * DAY_MS);
  return {
    priorPrice: null,
    usualPrice: held,
    lowest365: held,
    // No price before the special is known: Kete cannot say whether it is a saving (issue 33).
    dealRating: promotedTime > (USUAL_DAYS * DAY_MS) / 2 ? 'usual' : 'unknown',
  };
}

/** A day number far in the future: a verdict that holds until its price changes. */
export const FOREVER_DAY = 2_147_483_647;

/**
 * The first day (days since 1970, UTC) on which the verdict judged at `now` from these points may
 * no longer hold, as the windows slide with the days. A price that never changed keeps its verdict
 * until its promotion has run for half the usual window (then it is the usual price, for good);
 * any other history is judged again the next day. The server stores verdicts until then.
 */
export function verdictValidUntil(all: readonly PricePoint[], now: number): number {
  const points = changePoints(all);
  const tomorrow = Math.floor(now / DAY_MS) + 1;
  const point = points[0];
  if (points.length !== 1 || !point || point.observedAt >= now) return tomorrow;
  if (point.price === null || !isPromotion(point.promotionType)) return FOREVER_DAY;
  const turnsUsual = point.observedAt + (USUAL_DAYS * DAY_MS) / 2;
  return now > turnsUsual ? FOREVER_DAY : Math.max(tomorrow, Math.floor(turnsUsual / DAY_MS));
}

/** Samples of the same price: every observation is kept in the history, so a backfill in any order
 * lands between the right neighbours (issue 45); a point that repeats the one before changes no span,
 * and dropping it lets most histories take the one-point path. */
export function changePoints(points: readonly PricePoint[]): readonly PricePoint[] {
  if (points.length < 2) return points;
  const same = (a: PricePoint, b: PricePoint) =>
    a.price === b.price &&
    a.promotionType === b.promotionType &&
    (a.multibuyQuantity ?? null) === (b.multibuyQuantity ?? null) &&
    (a.multibuyPrice ?? null) === (b.multibuyPrice ?? null);
  const sorted = [...points].sort((a, b) => a.observedAt - b.observedAt);
  return sorted.filter((p, i) => i === 0 || !same(p, sorted[i - 1] as PricePoint));
}

export function priceVerdict(all: readonly PricePoint[], now: number): PriceVerdict {
  const points = changePoints(all.filter((p) => p.observedAt <= now));
  return points.length === 1 ? onePointVerdict(points[0] as PricePoint, now) : everyPointVerdict(points, now);
}

/** The verdict by the general rule, for any number of points (exported for the tests that hold
 * onePointVerdict to it). */
export function everyPointVerdict(points: readonly PricePoint[], now: number): PriceVerdict {
  const list = spans(points, now);
  const current = list[list.length - 1];
  if (!current || current.cost === null) return noVerdict;
  const usualPrice = usualIn(list, now - USUAL_DAYS * DAY_MS, now);
  const lowest365 = lowestIn(list, now - LOWEST_DAYS * DAY_MS, now);
  if (!current.promotion) return { priorPrice: null, usualPrice, lowest365, dealRating: null };

  const start = promotionStart(list);
  const known = (list[0] as Span).from;
  const priorPrice =
    known <= start - PRIOR_DAYS * DAY_MS ? lowestIn(list, start - PRIOR_DAYS * DAY_MS, start) : null;

  const usualFrom = now - USUAL_DAYS * DAY_MS;
  const promotedTime = list.reduce((t, s) => t + (s.promotion ? overlap(s, usualFrom, now) : 0), 0);
  const cost = current.cost;
  let dealRating: DealRating;
  if (promotedTime > (USUAL_DAYS * DAY_MS) / 2) dealRating = 'usual';
  else if (
    lowest365 !== null &&
    usualPrice !== null &&
    known <= start - GREAT_HISTORY_DAYS * DAY_MS &&
    cost <= lowest365 * (1 + GREAT_MARGIN) &&
    cost < usualPrice
  )
    dealRating = 'great';
  else if (priorPrice === null) dealRating = 'unknown';
  else if (cost < priorPrice) dealRating = 'genuine';
  else dealRating = 'none';
  return { priorPrice, usualPrice, lowest365, dealRating };
}

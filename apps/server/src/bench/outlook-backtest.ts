// What the outlook backtests (issue 46) share: the real Woolworths history split by day into a
// training two-thirds and a held-out third, the weekly product-days off special to forecast, and the
// scoring. Used by `npm run quality:outlook` (reports the held-out third) and
// outlook-tuning.ts (never reads past the training part).
import { DAY_MS, type DailySeries, dailySeries, dayOf, HORIZON_DAYS } from '@kete/shared';
import { readOutlookHistory } from './outlook-history.js';
import type { BacktestProduct as Product } from './outlook-staples.js';

export interface Backtest {
  products: Product[];
  first: number;
  last: number;
  /** The last training day: two-thirds of the way from the first day to the last. */
  cutoff: number;
}

export function loadBacktest(): Backtest {
  const history = readOutlookHistory();
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const points of history.values())
    for (const p of points) {
      first = Math.min(first, dayOf(p.observedAt));
      last = Math.max(last, dayOf(p.observedAt));
    }
  const cutoff = first + Math.floor((2 * (last - first)) / 3);
  const products: Product[] = [...history].map(([sku, points]) => ({
    sku,
    points,
    full: dailySeries(points, last) as DailySeries,
  }));
  return { products, first, last, cutoff };
}

export const dateOfDay = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);

/** Did a special start in (t, t + 14]? And the lowest price of the first such special. */
export function nextSpecial(full: DailySeries, t: number): { started: boolean; price: number | null } {
  const s = full.specials.find((x) => x.start > t && x.start <= t + HORIZON_DAYS);
  return { started: s !== undefined, price: s?.price ?? null };
}

export const stateOn = (full: DailySeries, t: number) => full.days[t - full.firstDay];

export interface Instance {
  p: Product;
  t: number;
  series: DailySeries;
  y: number;
}

/** Product-days t (every 7th from `from` to `to`) off special with `minDays` of history. */
export function instances(products: Product[], from: number, to: number, minDays: number): Instance[] {
  const out: Instance[] = [];
  for (const p of products)
    for (let t = from; t <= to; t += 7) {
      const state = stateOn(p.full, t);
      if (!state || state.special || state.price === null || t - p.full.firstDay + 1 < minDays) continue;
      const series = dailySeries(p.points, t) as DailySeries;
      out.push({ p, t, series, y: nextSpecial(p.full, t).started ? 1 : 0 });
    }
  return out;
}

export const brier = (pairs: { p: number; y: number }[]) =>
  pairs.reduce((s, x) => s + (x.p - x.y) ** 2, 0) / Math.max(1, pairs.length);

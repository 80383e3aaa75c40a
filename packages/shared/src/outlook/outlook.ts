// Buy now or wait (issue 46): one store's outlook for one product from its price history. Pure:
// the server feeds it price_history rows; `npm run quality:outlook` measures it on real history.
// Rules and measurements: docs/decisions/0025-buy-now-or-wait.md.
import type { PricePoint } from '../price-verdict.js';
import { chanceWithin14, intervalsOf } from './chance.js';
import { type DailySeries, dailySeries, dayOf, nzDateOfDay } from './daily-series.js';
import { OUTLOOK_PRIOR, type OutlookPrior } from './prior.js';

export type OutlookAdvice = 'buy' | 'wait' | 'stock-up' | 'unknown';

export interface Outlook {
  advice: OutlookAdvice;
  /** P(a special starts within 14 days); null when there is too little history to say. */
  chance14d: number | null;
  /** The most likely days of the next special's start (YYYY-MM-DD, New Zealand), or null. */
  likelyFrom: string | null;
  likelyTo: string | null;
  /** The usual price off special and on special (cents, per unit of a multibuy); null if never seen. */
  typicalPrice: number | null;
  specialPrice: number | null;
  /** What the outlook rests on: specials started over days of history. */
  basis: { specials: number; days: number };
  /** The usual days between the starts of two specials, once two were seen. */
  everyDays: number | null;
  /** The day the last special ended (YYYY-MM-DD), null if none has ended. */
  lastEnded: string | null;
  onSpecial: boolean;
}

/** Under 90 days of history the outlook says nothing. */
export const MIN_HISTORY_DAYS = 90;
/** 'wait' needs a special at least this likely within 14 days (chosen on the training two-thirds). */
export const WAIT_CHANCE = 0.5;
/** … and one that usually saves at least 10% on today's price. */
export const WAIT_SAVING = 0.1;
/** 'stock-up': a special at or within 5% of the year's low. */
export const STOCK_UP_MARGIN = 0.05;
const YEAR_DAYS = 365;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.round(q * (sorted.length - 1))] as number;
}

/** The middle half of the starts the product's own intervals point to, after today's wait. */
function likelyWindow(series: DailySeries, today: number): { from: number; to: number } | null {
  const last = series.specials.at(-1);
  if (!last) return null;
  const starts = intervalsOf(series)
    .filter((gap) => last.start + gap > today)
    .map((gap) => last.start + gap)
    .sort((a, b) => a - b);
  if (starts.length === 0) return null;
  return { from: quantile(starts, 0.25), to: quantile(starts, 0.75) };
}

export function productOutlook(
  points: readonly PricePoint[],
  now: number,
  prior: OutlookPrior = OUTLOOK_PRIOR,
): Outlook {
  const today = dayOf(now);
  const series = dailySeries(points, today);
  const days = series?.days.length ?? 0;
  const specials = series?.specials ?? [];
  const last = specials.at(-1);
  const todayState = series?.days.at(-1);
  const onSpecial = todayState?.special ?? false;
  const lastEnded = last && (!onSpecial || specials.length > 1) ? (onSpecial ? specials.at(-2) : last) : null;
  const yearDays = series?.days.slice(-YEAR_DAYS) ?? [];
  const typicalPrice = median(
    yearDays.filter((d) => !d.special && d.price !== null).map((d) => d.price as number),
  );
  const specialPrice = median(specials.filter((s) => s.end > today - YEAR_DAYS).map((s) => s.price));
  const intervals = series ? intervalsOf(series) : [];
  const base = {
    typicalPrice,
    specialPrice,
    basis: { specials: specials.length, days },
    everyDays: median(intervals),
    lastEnded: lastEnded ? nzDateOfDay(lastEnded.end) : null,
    onSpecial,
  };
  if (!series || days < MIN_HISTORY_DAYS || todayState?.price == null)
    return { ...base, advice: 'unknown', chance14d: null, likelyFrom: null, likelyTo: null };

  const chance14d = chanceWithin14(series, today, prior);
  const window = likelyWindow(series, today);
  const price = todayState.price;
  const yearLow = Math.min(...yearDays.filter((d) => d.price !== null).map((d) => d.price as number));
  let advice: OutlookAdvice = 'buy';
  if (onSpecial) {
    if (price <= yearLow * (1 + STOCK_UP_MARGIN) && (typicalPrice === null || price < typicalPrice))
      advice = 'stock-up';
  } else if (chance14d >= WAIT_CHANCE && specialPrice !== null && specialPrice <= price * (1 - WAIT_SAVING))
    advice = 'wait';
  return {
    ...base,
    advice,
    chance14d: Math.round(chance14d * 100) / 100,
    likelyFrom: window ? nzDateOfDay(window.from) : null,
    likelyTo: window ? nzDateOfDay(window.to) : null,
  };
}

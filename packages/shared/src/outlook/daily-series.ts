// A price history (change points) read as one state per New Zealand day, and the specials in it as
// runs of days on promotion. The outlook (issue 46) reasons in whole days: a special starts on a
// day and a shopper decides on a day.
import { isPromotion } from '../enums.js';
import { DAY_MS, type PricePoint } from '../price-verdict.js';

/** New Zealand is 12 or 13 hours ahead of UTC: a day index that turns over near NZ midnight. */
const NZ_OFFSET_MS = 12 * 3_600_000;

export const dayOf = (at: number) => Math.floor((at + NZ_OFFSET_MS) / DAY_MS);

export interface DayState {
  /** The per-unit price in force at the end of the day; null while not listed. */
  price: number | null;
  special: boolean;
}

export interface Special {
  /** Day index of the first and the day after the last day on special. */
  start: number;
  end: number;
  /** The lowest price of the run. */
  price: number;
}

export interface DailySeries {
  firstDay: number;
  /** One state a day, from the first observation to `today` inclusive. */
  days: DayState[];
  specials: Special[];
}

const unitPrice = (p: PricePoint) =>
  p.price === null
    ? null
    : p.multibuyQuantity && p.multibuyPrice
      ? Math.round(p.multibuyPrice / p.multibuyQuantity)
      : p.price;

/** The history up to `today` (a day index) as daily states. Points after today are ignored. */
export function dailySeries(points: readonly PricePoint[], today: number): DailySeries | null {
  const known = points.filter((p) => dayOf(p.observedAt) <= today);
  const first = known[0];
  if (!first) return null;
  const firstDay = dayOf(first.observedAt);
  const days: DayState[] = [];
  let i = 0;
  let state: DayState = { price: null, special: false };
  for (let day = firstDay; day <= today; day++) {
    // The last point of the day decides the day's state (points are oldest first).
    while (i < known.length && dayOf((known[i] as PricePoint).observedAt) <= day) {
      const p = known[i] as PricePoint;
      state = { price: unitPrice(p), special: p.price !== null && isPromotion(p.promotionType) };
      i++;
    }
    days.push(state);
  }
  return { firstDay, days, specials: specialsOf(days, firstDay) };
}

function specialsOf(days: DayState[], firstDay: number): Special[] {
  const out: Special[] = [];
  let open: Special | null = null;
  days.forEach((d, i) => {
    if (d.special && d.price !== null) {
      if (!open) {
        open = { start: firstDay + i, end: firstDay + i + 1, price: d.price };
        out.push(open);
      } else {
        open.end = firstDay + i + 1;
        open.price = Math.min(open.price, d.price);
      }
    } else open = null;
  });
  return out;
}

// A price history (change points) read as one state per New Zealand day, and the specials in it as
// runs of days on promotion. The outlook (issue 46) reasons in whole days: a special starts on a
// day and a shopper decides on a day.
import { isPromotion } from '../enums.js';
import { DAY_MS, type PricePoint } from '../price-verdict.js';

const HOUR_MS = 3_600_000;
const nzHourFormat = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
});
const partOf = (parts: Intl.DateTimeFormatPart[], type: string) =>
  Number(parts.find((p) => p.type === type)?.value);
/** New Zealand's offset from UTC in each UTC hour asked about (it changes only on the hour). */
const offsets = new Map<number, number>();

function nzOffsetMs(at: number): number {
  const hour = Math.floor(at / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const parts = nzHourFormat.formatToParts(new Date(hour * HOUR_MS));
    const local = Date.UTC(
      partOf(parts, 'year'),
      partOf(parts, 'month') - 1,
      partOf(parts, 'day'),
      partOf(parts, 'hour'),
    );
    offset = local - hour * HOUR_MS;
    if (offsets.size >= 200_000) offsets.clear(); // 22 years of hours: never in practice
    offsets.set(hour, offset);
  }
  return offset;
}

/**
 * The New Zealand day `at` falls on, as a day number (nzDateOfDay gives its date). It turns over
 * at NZ midnight in summer time (UTC+13) as in winter (UTC+12): a fixed +12 made the hour after
 * midnight in summer still yesterday, and the drawer said 'last ended 12 days ago' of a special
 * that ended 11 days before, while the words' today already knew the real zone.
 */
export const dayOf = (at: number) => Math.floor((at + nzOffsetMs(at)) / DAY_MS);

/** The calendar date (New Zealand, YYYY-MM-DD) of a day number from dayOf. */
export const nzDateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

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

// Turns the history API's change points (docs/decisions/0008) into what the chart draws and what a
// screen reader hears: one stepped line per store over a window, the lowest price of the year, and
// the readout at a moment. Pure (no chart library here), so it is unit-tested and stays out of
// every first load.
import { formatMoney, type HistoryPoint, type Store } from '@kete/shared';

export const DAY_MS = 86_400_000;
/** The drawer's two views: 3 months by default, a year on the toggle. */
export const HISTORY_WINDOWS = { threeMonths: 90, year: 365 } as const;

export interface StoreLine {
  store: Store;
  /** Price in cents in effect at each `xs` moment; null before the first record or while delisted. */
  values: (number | null)[];
}

export interface HistorySeries {
  /** Moments (epoch ms), ascending: the window's start, every change inside it, and `to`. */
  xs: number[];
  lines: StoreLine[];
  from: number;
  to: number;
}

export interface LowPoint {
  store: Store;
  price: number;
  /** When that price took effect (clipped to the year's start), epoch ms. */
  at: number;
}

function byStore(points: readonly HistoryPoint[], stores: readonly Store[]) {
  const groups = new Map<number, HistoryPoint[]>();
  for (const point of points) {
    const list = groups.get(point.storeId) ?? [];
    list.push(point);
    groups.set(point.storeId, list);
  }
  for (const list of groups.values()) list.sort((a, b) => a.observedAt - b.observedAt);
  // The workspace's store order, and only its stores: a store dropped since has no line.
  return stores.flatMap((store) => {
    const list = groups.get(store.id);
    return list && list.length > 0 ? [{ store, points: list }] : [];
  });
}

/** The price in effect at `time` from a store's sorted change points (null: unknown or delisted). */
function priceAt(points: readonly HistoryPoint[], time: number): number | null {
  let current: number | null = null;
  for (const point of points) {
    if (point.observedAt > time) break;
    current = point.price;
  }
  return current;
}

/** The stepped lines of the last `days` days up to `now`. */
export function historySeries(
  points: readonly HistoryPoint[],
  stores: readonly Store[],
  now: number,
  days: number,
): HistorySeries {
  const from = now - days * DAY_MS;
  const groups = byStore(points, stores);
  const inside = groups.flatMap((g) => g.points.map((p) => p.observedAt)).filter((t) => t > from && t < now);
  const xs = [...new Set([from, ...inside, now])].sort((a, b) => a - b);
  const lines = groups.map(({ store, points: list }) => ({
    store,
    values: xs.map((x) => priceAt(list, x)),
  }));
  return { xs, lines, from, to: now };
}

/**
 * The lowest price at any of the stores in the 365 days to `now`, counting the price carried into
 * the year from before it. Ties go to the most recent time it was charged: the one a shopper
 * remembers and the likeliest to come round again.
 */
export function lowestInYear(
  points: readonly HistoryPoint[],
  stores: readonly Store[],
  now: number,
): LowPoint | null {
  const from = now - HISTORY_WINDOWS.year * DAY_MS;
  let low: LowPoint | null = null;
  for (const { store, points: list } of byStore(points, stores)) {
    for (const [i, point] of list.entries()) {
      const ends = list[i + 1]?.observedAt ?? now;
      if (point.price === null || ends <= from || point.observedAt > now) continue;
      const at = Math.max(point.observedAt, from);
      if (low === null || point.price < low.price || (point.price === low.price && at > low.at)) {
        low = { store, price: point.price, at };
      }
    }
  }
  return low;
}

const dayMonth = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long' });
const dayMonthYear = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', year: 'numeric' });

/** "12 March" (the summary's wording). */
export const formatDayMonth = (time: number) => dayMonth.format(time);
/** "12 Mar 2026" (the readout, where the year can differ). */
export const formatDate = (time: number) => dayMonthYear.format(time);

/** The plain-text summary for screen readers: "Lowest in a year: $3.50 at Pak'nSave Albany, 12 March". */
export function lowSummary(low: LowPoint | null): string {
  if (low === null) return 'No prices recorded at your stores in the last year.';
  return `Lowest in a year: ${formatMoney(low.price)} at ${low.store.name}, ${formatDayMonth(low.at)}`;
}

export interface ReadoutLine {
  store: Store;
  /** Cents, or null: not sold there then. */
  price: number | null;
}

/** What the tooltip or tap readout says at a moment (epoch ms) inside the series' window. */
export function readoutAt(
  series: HistorySeries,
  time: number,
): { date: string; lines: ReadoutLine[] } | null {
  if (time < series.from || time > series.to) return null;
  const index = indexAt(series, time);
  return {
    date: formatDate(time),
    lines: series.lines.map(({ store, values }) => ({ store, price: values[index] ?? null })),
  };
}

/** The index of the last moment at or before `time` (what a stepped line shows there). */
export function indexAt(series: HistorySeries, time: number): number {
  let index = 0;
  series.xs.forEach((x, i) => {
    if (x <= time) index = i;
  });
  return index;
}

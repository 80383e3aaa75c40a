import type { HistoryPoint, Store } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { DAY_MS, historySeries, indexAt, lowestInYear, lowSummary, readoutAt } from './history-series.js';

const albany: Store = { id: 1, name: "Pak'nSave Albany", type: 2, latitude: null, longitude: null };
const ponsonby: Store = { id: 2, name: 'Woolworths Ponsonby', type: 3, latitude: null, longitude: null };
// Local noon: dates are shown in the shopper's own time zone, so the test holds in any zone.
const now = new Date(2026, 10, 23, 12).getTime();
const daysAgo = (days: number) => now - days * DAY_MS;
const point = (storeId: number, days: number, price: number | null): HistoryPoint => ({
  storeId,
  observedAt: daysAgo(days),
  price,
  basePrice: price,
  promotionType: 0,
});

describe('the history series', () => {
  it('starts each line at the window edge with the price carried in from before it', () => {
    const series = historySeries(
      [point(1, 200, 400), point(1, 30, 350), point(2, 10, 500)],
      [albany, ponsonby],
      now,
      90,
    );
    expect(series.xs).toEqual([daysAgo(90), daysAgo(30), daysAgo(10), now]);
    expect(series.lines.map((l) => l.store.name)).toEqual(["Pak'nSave Albany", 'Woolworths Ponsonby']);
    expect(series.lines[0]?.values).toEqual([400, 350, 350, 350]);
    expect(series.lines[1]?.values).toEqual([null, null, 500, 500]);
  });

  it('breaks the line while the product is delisted, and leaves out stores not in the workspace', () => {
    const series = historySeries(
      [point(1, 60, 400), point(1, 40, null), point(1, 20, 420), point(9, 5, 100)],
      [albany],
      now,
      90,
    );
    expect(series.lines).toHaveLength(1);
    expect(series.lines[0]?.values).toEqual([null, 400, null, 420, 420]);
  });

  it('gives the readout at a moment: the date and each store price', () => {
    const series = historySeries([point(1, 60, 400), point(2, 30, 500)], [albany, ponsonby], now, 90);
    expect(indexAt(series, daysAgo(45))).toBe(1);
    expect(readoutAt(series, daysAgo(45))).toEqual({
      date: '9 Oct 2026',
      lines: [
        { store: albany, price: 400 },
        { store: ponsonby, price: null },
      ],
    });
    expect(readoutAt(series, daysAgo(91))).toBeNull();
    expect(readoutAt(series, now + DAY_MS)).toBeNull();
  });
});

describe('the lowest price in a year', () => {
  it('finds the lowest at any store, counting the price carried into the year', () => {
    const low = lowestInYear(
      [point(1, 400, 300), point(1, 200, 420), point(2, 100, 350), point(2, 90, 450)],
      [albany, ponsonby],
      now,
    );
    // $3.00 was charged from 400 days ago until 200 days ago: it counts from the year's start.
    expect(low).toEqual({ store: albany, price: 300, at: daysAgo(365) });
  });

  it('ignores prices that ended before the year, and delistings; ties go to the latest', () => {
    const low = lowestInYear(
      [point(1, 500, 100), point(1, 380, 400), point(1, 100, null), point(2, 200, 400), point(2, 10, 390)],
      [albany, ponsonby],
      now,
    );
    expect(low).toEqual({ store: ponsonby, price: 390, at: daysAgo(10) });
    const tie = lowestInYear([point(1, 100, 390), point(2, 10, 390)], [albany, ponsonby], now);
    expect(tie?.store).toBe(ponsonby);
  });

  it('says it in one sentence for screen readers', () => {
    const at = new Date(2026, 2, 12, 12).getTime();
    expect(lowSummary({ store: albany, price: 350, at })).toBe(
      "Lowest in a year: $3.50 at Pak'nSave Albany, 12 March",
    );
    expect(lowSummary(null)).toBe('No prices recorded at your stores in the last year.');
  });
});

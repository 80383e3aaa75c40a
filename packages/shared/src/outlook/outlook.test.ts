import { describe, expect, it } from 'vitest';
import { DAY_MS, type PricePoint } from '../price-verdict.js';
import { dayOf, nzDateOfDay } from './daily-series.js';
import { productOutlook } from './outlook.js';
import type { StoreOutlook } from './outlook-api.js';
import { nzToday, outlookWords } from './outlook-words.js';

const START = Date.parse('2025-01-01T00:00:00Z');
const day = (n: number) => START + n * DAY_MS;
const shelf = (n: number, price = 500): PricePoint => ({ observedAt: day(n), price, promotionType: 0 });
const special = (n: number, price = 350): PricePoint => ({ observedAt: day(n), price, promotionType: 5 });

/** Specials of `length` days every `cycle` days from day `first`, for `days` days. */
function cycle(days: number, cycleDays: number, length = 7, first = 10): PricePoint[] {
  const points = [shelf(0)];
  for (let s = first; s < days; s += cycleDays) points.push(special(s), shelf(s + length));
  return points.filter((p) => p.observedAt <= day(days));
}

describe('productOutlook', () => {
  it('a 28-day cycle: the next special is due within 3 days of its turn, and it says wait', () => {
    // Specials start on days 10, 38, ..., 178; the next is day 206. Today is day 196.
    const o = productOutlook(cycle(200, 28), day(196));
    expect(o.advice).toBe('wait');
    expect(o.chance14d).toBeGreaterThan(0.6);
    const from = Date.parse(o.likelyFrom as string);
    expect(Math.abs(from - day(206))).toBeLessThanOrEqual(3 * DAY_MS);
    expect(o.everyDays).toBe(28);
    expect(o.typicalPrice).toBe(500);
    expect(o.specialPrice).toBe(350);
    expect(o.basis).toEqual({ specials: 7, days: 197 });
  });

  it('just after a special ended, with the next one weeks away: buy', () => {
    const o = productOutlook(cycle(200, 28), day(186));
    expect(o.advice).toBe('buy');
    expect(o.chance14d).toBeLessThan(0.4);
  });

  it('no special in 180 days: buy, with a small chance and no window', () => {
    const o = productOutlook([shelf(0)], day(180));
    expect(o.advice).toBe('buy');
    expect(o.chance14d).toBeLessThan(0.1);
    expect(o.likelyFrom).toBeNull();
    expect(o.specialPrice).toBeNull();
  });

  it('30 days of history: unknown, with no chance given', () => {
    const o = productOutlook([shelf(0), special(10), shelf(17)], day(30));
    expect(o.advice).toBe('unknown');
    expect(o.chance14d).toBeNull();
  });

  it('on a special at the year low: stock up; on a shallow one: buy', () => {
    expect(productOutlook(cycle(200, 28), day(180)).advice).toBe('stock-up');
    const shallow = [...cycle(170, 28), special(171, 450)];
    expect(productOutlook(shallow, day(175)).advice).toBe('buy');
  });

  it('a special that saves under 10% is not worth waiting for', () => {
    const points = cycle(200, 28).map((p) => (p.promotionType ? { ...p, price: 470 } : p));
    expect(productOutlook(points, day(196)).advice).toBe('buy');
  });
});

describe("the outlook's days are New Zealand's, summer time too", () => {
  it('turns the day over at NZ midnight in summer (UTC+13) and in winter (UTC+12)', () => {
    // 00:40 on 7 December in Auckland (NZDT) is still 6 December in UTC.
    const summer = Date.parse('2026-12-06T11:40:00Z');
    expect(nzDateOfDay(dayOf(summer))).toBe('2026-12-07');
    // nzToday is built on dayOf: held to the calendar Intl keeps for Auckland.
    const auckland = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' });
    expect(nzToday(summer)).toBe(auckland.format(new Date(summer)));
    expect(nzDateOfDay(dayOf(Date.parse('2026-12-06T10:59:00Z')))).toBe('2026-12-06');
    // 23:40 on 1 July (NZST) is the same day in UTC.
    const winter = Date.parse('2026-07-01T11:40:00Z');
    expect(nzDateOfDay(dayOf(winter))).toBe('2026-07-01');
    expect(nzDateOfDay(dayOf(Date.parse('2026-07-01T12:00:00Z')))).toBe('2026-07-02');
  });

  it("words a special that ended 11 days ago as '11 days ago' in the hour after a summer midnight", () => {
    // The browser test's history, seen from 00:40 NZDT: a special of 7 days every 28, the last
    // one began 18 days ago (so it ended 11 days ago).
    const now = Date.parse('2026-12-06T11:40:00Z');
    const at = (daysAgo: number, price: number, promotionType = 0): PricePoint => ({
      observedAt: now - daysAgo * DAY_MS,
      price,
      promotionType,
    });
    const points = [at(200, 500)];
    for (let start = 18; start < 200; start += 28) points.push(at(start, 350, 3), at(start - 7, 500));
    points.sort((a, b) => a.observedAt - b.observedAt);
    const outlook = productOutlook(points, now);
    const words = outlookWords({ ...outlook, storeId: 1 } as StoreOutlook, nzToday(now));
    expect(words).toContain('last ended 11 days ago.');
  });
});

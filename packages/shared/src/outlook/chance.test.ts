import { describe, expect, it } from 'vitest';
import { DAY_MS, type PricePoint } from '../price-verdict.js';
import { ownBaseRate, shareOnSpecial } from './chance.js';
import { dailySeries, dayOf } from './daily-series.js';

const START = Date.parse('2025-01-01T00:00:00Z');
const today = dayOf(START);
const at = (n: number) => START + n * DAY_MS;
const shelf = (n: number): PricePoint => ({ observedAt: at(n), price: 500, promotionType: 0 });
const special = (n: number): PricePoint => ({ observedAt: at(n), price: 350, promotionType: 5 });

describe("the backtest's two reference forecasts", () => {
  // A week on special every 28 days: on special a quarter of the time, and a special starts within
  // 14 days of two-thirds of the days off special (14 of each 21).
  const points = [shelf(0)];
  for (let s = 7; s < 112; s += 28) points.push(special(s), shelf(s + 7));
  const series = dailySeries(points, today + 112);

  it("the issue's base rate is the share of past days on special, today not counted", () => {
    if (!series) throw new Error('no series');
    expect(shareOnSpecial(series, today + 112)).toBeCloseTo(28 / 112, 5);
    // The day itself is not yet known when the forecast is made.
    expect(shareOnSpecial(series, today + 8)).toBeCloseTo(1 / 8, 5);
  });

  it('the stronger base rate counts days off special that a special followed within 14 days', () => {
    if (!series) throw new Error('no series');
    const strong = ownBaseRate(series, today + 112);
    expect(strong).toBeGreaterThan(0.6);
    expect(strong).toBeLessThan(0.75);
  });

  it('a product never on special has 0 for both', () => {
    const flat = dailySeries([shelf(0)], today + 100);
    if (!flat) throw new Error('no series');
    expect(shareOnSpecial(flat, today + 100)).toBe(0);
    expect(ownBaseRate(flat, today + 100)).toBe(0);
  });
});

// The dollars part of the outlook backtest (issue 46): a household that needs one of each of 50
// staples a week, buying every week at the shelf price, against the same household following the
// advice: on 'wait' it puts off the purchase (at most two weeks, then buys what it owes), on
// 'stock-up' it buys up to three weeks ahead. The file has no sales figures, so the 50 'most
// bought' staples stand in as an even spread (by SKU) of the products priced $1-$20, listed every
// day from the file's first week and on special at least once in the training days.
import { DAY_MS, type DailySeries, type PricePoint, productOutlook } from '@kete/shared';

export interface BacktestProduct {
  sku: string;
  points: PricePoint[];
  full: DailySeries;
}

const MAX_DEFERRED_WEEKS = 2;
const STOCK_UP_WEEKS = 3;

export function pickStaples(products: BacktestProduct[], cutoff: number, count = 50): BacktestProduct[] {
  const first = Math.min(...products.map((p) => p.full.firstDay));
  const eligible = products
    .filter((p) => {
      const days = p.full.days;
      const prices = days.map((d) => d.price);
      return (
        p.full.firstDay <= first + 7 &&
        prices.every((x) => x !== null && x >= 100 && x <= 2000) &&
        p.full.specials.some((s) => s.start < cutoff)
      );
    })
    .sort((a, b) => Number(a.sku) - Number(b.sku));
  const step = Math.max(1, Math.floor(eligible.length / count));
  return eligible.filter((_, i) => i % step === 0).slice(0, count);
}

export function simulateStaples(products: BacktestProduct[], cutoff: number, last: number) {
  const totals = { weekly: 0, advised: 0, weeks: 0, waits: 0, stockUps: 0 };
  for (const p of pickStaples(products, cutoff)) {
    const priceOn = (t: number) => p.full.days[t - p.full.firstDay]?.price as number;
    let stock = 0;
    let owed = 0;
    let weeks = 0;
    for (let t = cutoff; t <= last; t += 7) weeks++;
    let week = 0;
    for (let t = cutoff; t <= last; t += 7, week++) {
      const price = priceOn(t);
      totals.weekly += price;
      if (stock > 0) {
        stock--;
        continue;
      }
      owed++;
      const advice = productOutlook(p.points, t * DAY_MS).advice;
      if (advice === 'wait' && owed <= MAX_DEFERRED_WEEKS) {
        totals.waits++;
        continue;
      }
      totals.advised += owed * price;
      owed = 0;
      if (advice === 'stock-up') {
        const ahead = Math.min(STOCK_UP_WEEKS, weeks - week - 1);
        totals.advised += ahead * price;
        stock += ahead;
        if (ahead > 0) totals.stockUps++;
      }
    }
    totals.advised += owed * priceOn(last);
    totals.weeks = weeks;
  }
  return totals;
}

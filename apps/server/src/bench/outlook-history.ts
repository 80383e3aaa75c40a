// The real Woolworths history (bench-data/real-prices) as price points for the outlook backtest
// (issue 46). The file has prices only: a price below the highest of the last 91 days is read as
// a special, as a shopper would read a drop; a permanent cut stops counting after 91 days, and a
// rise is never a special.
import { DAY_MS, type PricePoint } from '@kete/shared';
import { type RealPriceRow, readRealPriceRows } from './real-price-rows.js';

const LOOK_BACK_MS = 91 * DAY_MS;
const SPECIAL = 5;

export function readOutlookHistory(): Map<string, PricePoint[]> {
  const out = new Map<string, PricePoint[]>();
  for (const [sku, rows] of readRealPriceRows()) {
    out.set(
      sku,
      rows.map((r, i) => {
        // The highest price in force at any time in the 91 days before this point.
        let highest = 0;
        for (let j = i - 1; j >= 0; j--) {
          const p = rows[j] as RealPriceRow;
          highest = Math.max(highest, p.price);
          if (p.t <= r.t - LOOK_BACK_MS) break;
        }
        return { observedAt: r.t, price: r.price, promotionType: r.price < highest ? SPECIAL : 0 };
      }),
    );
  }
  return out;
}

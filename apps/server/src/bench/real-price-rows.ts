// The real Woolworths price history (bench-data/real-prices, MIT) as each product's observations,
// oldest first, in cents: what the verdict and outlook checks both read before they each decide
// what counts as a special.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const csv = join(import.meta.dirname, '../../bench-data/real-prices/woolworths-price-history.csv');

export interface RealPriceRow {
  /** When it was seen, epoch ms. */
  t: number;
  /** Cents. */
  price: number;
}

export function readRealPriceRows(): Map<string, RealPriceRow[]> {
  const bySku = new Map<string, RealPriceRow[]>();
  for (const line of readFileSync(csv, 'utf8').split('\n').slice(1)) {
    if (!line.trim()) continue;
    const [sku, seconds, dollars] = line.split(',');
    const list = bySku.get(sku as string) ?? [];
    list.push({ t: Number(seconds) * 1000, price: Math.round(Number(dollars) * 100) });
    bySku.set(sku as string, list);
  }
  for (const rows of bySku.values()) rows.sort((a, b) => a.t - b.t);
  return bySku;
}

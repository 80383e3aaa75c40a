// Fills in the issue 12 fields of each Price: the verdict from the price history (cached,
// price-verdicts.ts) and the comparable unit price from the chain's comparative price.
import { normaliseUnitPrice, type Price } from '@kete/shared';
import { type Kysely, SqliteAdapter } from 'kysely';
import type { DB } from '../../db/schema.js';
import { verdictsFor } from './price-verdicts.js';

export async function addVerdicts(
  db: Kysely<DB>,
  byProduct: Map<number, Price[]>,
  now: number,
): Promise<void> {
  const pairs: { storeId: number; productId: number }[] = [];
  for (const [productId, prices] of byProduct)
    for (const p of prices) pairs.push({ storeId: p.storeId, productId });
  if (pairs.length === 0) return;
  const dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  const verdictOf = await verdictsFor(db, dialect, pairs, now);
  for (const [productId, prices] of byProduct) {
    for (const p of prices) {
      const unit = normaliseUnitPrice(p.comparativePrice, p.comparativeMeasure);
      Object.assign(p, verdictOf({ storeId: p.storeId, productId }), {
        unitPrice: unit?.unitPrice ?? null,
        unitMeasure: unit?.unitMeasure ?? null,
      });
    }
  }
}

// Fills in the issue 12 fields of each Price: the verdict (stored beside the price when it is
// current, verdict-store.ts; otherwise from the price history, cached, price-verdicts.ts) and the
// comparable unit price from the chain's comparative price.
import { exactUnitPrice, type Price, type PriceVerdict, type UnitPack } from '@kete/shared';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { verdictsFor } from './price-verdicts.js';

export async function addVerdicts(
  db: Kysely<DB>,
  byProduct: Map<number, Price[]>,
  now: number,
  stored: Map<Price, PriceVerdict> = new Map(),
  packs: Map<number, UnitPack | null> = new Map(),
): Promise<void> {
  const pairs: { storeId: number; productId: number }[] = [];
  for (const [productId, prices] of byProduct)
    for (const p of prices) if (!stored.has(p)) pairs.push({ storeId: p.storeId, productId });
  const verdictOf = pairs.length > 0 ? await verdictsFor(db, dialectOf(db), pairs, now) : undefined;
  for (const [productId, prices] of byProduct) {
    for (const p of prices) {
      // To the cent from the pack where it agrees with the chain's quote (exactUnitPrice).
      const pack = packs.get(productId) ?? null;
      const unit = exactUnitPrice(p.price, p.comparativePrice, p.comparativeMeasure, pack);
      Object.assign(p, stored.get(p) ?? verdictOf?.({ storeId: p.storeId, productId }), {
        unitPrice: unit?.unitPrice ?? null,
        unitMeasure: unit?.unitMeasure ?? null,
      });
    }
  }
}

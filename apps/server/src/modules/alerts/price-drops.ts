// Which watched prices dropped (issue 12): for (product, store) pairs, the price now against the
// price just before `since`. A drop is a lower per-unit cost, or going on a special the verdict
// calls 'genuine' or 'great'. Newly listed products (no price before) are not drops.
import { type DealRating, isPromotion, unitCost } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { type HistoryRow, historySince } from '../products/price-history.repository.js';
import { verdictsFor } from '../products/price-verdicts.js';

export interface Drop {
  productId: number;
  storeId: number;
  oldPrice: number;
  newPrice: number;
  droppedAt: number;
  dealRating: DealRating | null;
  /** The verdict's prior price (for 'Real saving $x'). */
  priorPrice: number | null;
}

const point = (r: HistoryRow) => ({
  observedAt: r.observed_at,
  price: r.price,
  promotionType: r.promotion_type,
  multibuyQuantity: r.multibuy_quantity,
  multibuyPrice: r.multibuy_price,
});

/** Drops after `since` (exclusive) up to `now`, biggest first. */
export async function findDrops(
  db: Kysely<DB>,
  dialect: Dialect,
  productIds: number[],
  storeIds: number[],
  since: number,
  now: number,
): Promise<Drop[]> {
  const rows = await historySince(db, dialect, productIds, storeIds, since + 1);
  const byPair = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    if (row.observed_at > now) continue;
    const key = `${row.store_id}:${row.product_id}`;
    byPair.set(key, [...(byPair.get(key) ?? []), row]);
  }
  const candidates: { before: HistoryRow; after: HistoryRow }[] = [];
  for (const list of byPair.values()) {
    const before = list[0] as HistoryRow;
    const after = list.at(-1) as HistoryRow;
    if (before.observed_at > since || after === before || after.price === null || before.price === null)
      continue;
    candidates.push({ before, after });
  }
  if (candidates.length === 0) return [];
  const verdictOf = await verdictsFor(
    db,
    dialect,
    candidates.map(({ after }) => ({ storeId: after.store_id, productId: after.product_id })),
    now,
  );
  const drops: Drop[] = [];
  for (const { before, after } of candidates) {
    const { dealRating, priorPrice } = verdictOf({ storeId: after.store_id, productId: after.product_id });
    const cheaper = (unitCost(point(after)) ?? 0) < (unitCost(point(before)) ?? 0);
    const newSpecial =
      isPromotion(after.promotion_type) &&
      !isPromotion(before.promotion_type) &&
      (dealRating === 'genuine' || dealRating === 'great');
    if (!cheaper && !newSpecial) continue;
    drops.push({
      productId: after.product_id,
      storeId: after.store_id,
      oldPrice: before.price as number,
      newPrice: after.price as number,
      droppedAt: after.observed_at,
      dealRating,
      priorPrice,
    });
  }
  return drops.sort(
    (a, b) => b.oldPrice - b.newPrice - (a.oldPrice - a.newPrice) || a.productId - b.productId,
  );
}

// Pack size changes (issue 33 item 7): written by the ingest (product-resolver.ts finds them),
// read for the product drawer's line, the specials' 'Smaller pack' products and the digest's
// 'Shrank'.
import { isShrink, type SizeChange } from '@kete/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface SizeChangeRow {
  productId: number;
  at: number;
  from: string;
  to: string;
  storeId: number | undefined;
  toPrice: number;
}

/**
 * Records pack size changes. Called before the batch's prices are written, so the store's price
 * row still holds the shelf price with the old size (the per-unit change compares the two).
 * Few: a product changes size a few times in its life, so a read each costs nothing.
 */
export async function writeSizeChanges(
  db: Kysely<DB> | Transaction<DB>,
  changes: SizeChangeRow[],
): Promise<void> {
  for (const c of changes) {
    const before =
      c.storeId === undefined
        ? undefined
        : await db
            .selectFrom('prices')
            .select('base_price')
            .where('store_id', '=', c.storeId)
            .where('product_id', '=', c.productId)
            .executeTakeFirst();
    await db
      .insertInto('product_size_changes')
      .values({
        product_id: c.productId,
        changed_at: c.at,
        from_size: c.from,
        to_size: c.to,
        from_price: before?.base_price ?? null,
        to_price: before ? c.toPrice : null,
      })
      .onConflict((oc) => oc.columns(['product_id', 'changed_at']).doNothing())
      .execute();
  }
}

const toChange = (r: {
  from_size: string;
  to_size: string;
  changed_at: number;
  from_price: number | null;
  to_price: number | null;
}): SizeChange => ({
  from: r.from_size,
  to: r.to_size,
  at: Number(r.changed_at),
  fromPrice: r.from_price,
  toPrice: r.to_price,
});

/** The product's latest size change, if it ever had one. */
export async function latestSizeChange(db: Kysely<DB>, productId: number): Promise<SizeChange | undefined> {
  const row = await db
    .selectFrom('product_size_changes')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('changed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toChange(row) : undefined;
}

/**
 * Products whose latest size change, at or after `since`, made the pack smaller, newest first;
 * only those priced at one of `storeIds` when given, and only among `productIds` when given.
 */
export async function productsShrankSince(
  db: Kysely<DB>,
  since: number,
  options: { storeIds?: number[]; productIds?: number[]; limit?: number } = {},
): Promise<Map<number, SizeChange>> {
  const shrank = new Map<number, SizeChange>();
  if (options.productIds?.length === 0 || options.storeIds?.length === 0) return shrank;
  let query = db
    .selectFrom('product_size_changes as c')
    .selectAll('c')
    .where('c.changed_at', '>=', since)
    .orderBy('c.changed_at', 'desc');
  if (options.productIds) query = query.where('c.product_id', 'in', options.productIds);
  const storeIds = options.storeIds;
  if (storeIds)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prices as p')
          .select('p.product_id')
          .whereRef('p.product_id', '=', 'c.product_id')
          .where('p.store_id', 'in', storeIds),
      ),
    );
  const latest = new Map<number, SizeChange>();
  for (const row of await query.execute())
    if (!latest.has(row.product_id)) latest.set(row.product_id, toChange(row));
  for (const [id, change] of latest) {
    if (options.limit !== undefined && shrank.size >= options.limit) break;
    if (isShrink(change)) shrank.set(id, change);
  }
  return shrank;
}

// Reading pack size changes (issue 33 item 7): the product drawer's line, the specials' 'Smaller
// pack' products and the digest's 'Shrank'.
import { isShrink, type SizeChange } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

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

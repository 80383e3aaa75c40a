// Reads price_history for the history chart and the verdicts: for each (product, store) asked
// about, every change point from `from` on plus the last one before it, so the state at `from` is
// known. Both halves walk the (product_id, store_id, observed_at) key: no other index is needed.
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { inChunks, Sql } from '../ingest/raw-sql.js';

export interface HistoryRow {
  product_id: number;
  store_id: number;
  observed_at: number;
  price: number | null;
  base_price: number | null;
  promotion_type: number;
  multibuy_quantity: number | null;
  multibuy_price: number | null;
}

const columns = `product_id, store_id, observed_at, price, base_price, promotion_type, multibuy_quantity, multibuy_price`;

/** Rows of these products at these stores since `from` (and the last before it), oldest first. */
export async function historySince(
  db: Kysely<DB>,
  dialect: Dialect,
  productIds: number[],
  storeIds: number[],
  from: number,
): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  if (productIds.length === 0 || storeIds.length === 0) return rows;
  await inChunks(productIds, 400, async (ids) => {
    const q = new Sql(dialect);
    const products = q.list(ids);
    const stores = q.list(storeIds);
    const since = q.p(from);
    const products2 = q.list(ids);
    const stores2 = q.list(storeIds);
    const before = q.p(from);
    const found = await q.run<HistoryRow>(
      db,
      `select ${columns} from price_history
         where product_id in (${products}) and store_id in (${stores}) and observed_at >= ${since}
         union all
         select ${columns.replace(/(\w+)/g, 'h.$1')} from price_history h
         join (select product_id as pid, store_id as sid, max(observed_at) as at from price_history
               where product_id in (${products2}) and store_id in (${stores2}) and observed_at < ${before}
               group by product_id, store_id) last
           on h.product_id = last.pid and h.store_id = last.sid and h.observed_at = last.at`,
    );
    // One by one: a chunk can be hundreds of thousands of rows (400 products' full histories at
    // 20 stores, for the outlooks), past what a spread into push() can pass as arguments.
    for (const row of found) rows.push(row);
  });
  return rows.sort((a, b) => a.observed_at - b.observed_at || a.store_id - b.store_id);
}

/** When each store's history of this product begins (issue 45), by store id. */
export async function historyFromAt(
  db: Kysely<DB>,
  productId: number,
  storeIds: number[],
): Promise<Map<number, number>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('price_history')
    .select(['store_id', db.fn.min('observed_at').as('first')])
    .where('product_id', '=', productId)
    .where('store_id', 'in', storeIds)
    .groupBy('store_id')
    .execute();
  return new Map(rows.map((r) => [r.store_id, Number(r.first)]));
}

/** The prices with the day each store's history begins, where it is known. */
export async function withHistoryFrom<P extends { storeId: number }>(
  db: Kysely<DB>,
  productId: number,
  prices: P[],
): Promise<(P & { historyFrom?: number })[]> {
  const from = await historyFromAt(
    db,
    productId,
    prices.map((p) => p.storeId),
  );
  return prices.map((p) => {
    const at = from.get(p.storeId);
    return at === undefined ? p : { ...p, historyFrom: at };
  });
}

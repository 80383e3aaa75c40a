// Reads price_history for the history chart and the verdicts: for each (product, store) asked
// about, every change point from `from` on plus the last one before it, so the state at `from` is
// known. Both halves walk the (product_id, store_id, observed_at) key: no other index is needed.
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { watchCatalogueVersion } from '../../lib/catalogue-version.js';
import { namedPerDatabase } from '../../lib/per-database.js';
import { SharedReads } from '../../lib/shared-reads.js';
import { inChunks, Sql } from '../ingest/raw-sql.js';
import { type DayPairs, dayPairsOf } from './day-pairs.js';
import { pricedPairsGeneration } from './price-cache.js';

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

/**
 * When each pair's history begins, kept per process as the priced pairs are (price-cache.ts): it
 * moves only when the catalogue does, and every product drawer asked PostgreSQL for it, a round trip
 * and 100 µs of a backend each (decision 0031, ninth session). null: no history at that store.
 */
const firstSeen = new WeakMap<Kysely<DB>, DayPairs<number | null>>();
/** A number each: a few MB at most. */
const FIRST_SEEN_PAIRS = 200_000;
const firstSeenReads = namedPerDatabase<SharedReads<{ store_id: number; first: unknown }[]>>();

/** When each store's history of this product begins (issue 45), by store id. */
export async function historyFromAt(
  db: Kysely<DB>,
  productId: number,
  storeIds: number[],
): Promise<Map<number, number>> {
  const from = new Map<number, number>();
  if (storeIds.length === 0) return from;
  watchCatalogueVersion(db);
  // Taken before the read: if the catalogue changes meanwhile, what is set below goes into a map
  // that is no longer anybody's (dayPairsOf makes a new one for the new generation). Day 0: where
  // a history begins does not move with the day, only with the catalogue.
  const kept = dayPairsOf(firstSeen, db, pricedPairsGeneration(), 0, FIRST_SEEN_PAIRS);
  const missing: number[] = [];
  for (const storeId of storeIds) {
    const first = kept.get(storeId, productId);
    if (first === undefined) missing.push(storeId);
    else if (first !== null) from.set(storeId, first);
  }
  if (missing.length === 0) return from;
  // Requests opening the same product at once share one read (product-shape.ts sharedReadPricesAt).
  const reads = firstSeenReads(db, 'history-from', () => new SharedReads());
  const rows = await reads.run(`${productId}|${missing.join(',')}`, kept.generation, () =>
    db
      .selectFrom('price_history')
      .select(['store_id', db.fn.min('observed_at').as('first')])
      .where('product_id', '=', productId)
      .where('store_id', 'in', missing)
      .groupBy('store_id')
      .execute(),
  );
  for (const row of rows) from.set(row.store_id, Number(row.first));
  kept.makeRoomFor(missing.length);
  for (const storeId of missing) kept.set(storeId, productId, from.get(storeId) ?? null);
  return from;
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

// A product's price history for the chart (history.routes.ts), kept per process like the other
// catalogue caches (lib/catalogue-cache.ts): it changes only with the catalogue, and every open of
// the chart read it from the database: on PostgreSQL 0.4-0.7 cores of backends under the bench's
// load, and 50 reads of the same rows when 50 shoppers opened the same product at once (decision
// 0031, ninth session).
//
// Kept with the start of the window it was read for. A later request's window starts later (time
// moves on), so its rows are all in what was kept: those since its start, and each store's last
// row before it (rowsSince). A window that starts earlier than the kept one is read afresh.
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { storeSetKey } from '../../lib/answer-cache.js';
import { catalogueCache } from '../../lib/catalogue-cache.js';
import { type HistoryRow, historySince } from './price-history.repository.js';

interface Kept {
  from: number;
  rows: readonly HistoryRow[];
}

/** Bounds how long a window is kept at all; a changed catalogue is forgotten at once. */
const KEPT_MS = 10 * 60_000;
/** A row is an object of eight fields, about 150 bytes: 16 MB of histories per process at most. */
const limits = {
  maxEntries: 20_000,
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (kept: Kept) => 200 + kept.rows.length * 150,
};

const byTime = (a: HistoryRow, b: HistoryRow) => a.observed_at - b.observed_at || a.store_id - b.store_id;

/**
 * The rows historySince(from) answers, out of rows it answered for an earlier `from` (sorted by
 * time): every row since `from`, and each store's last row before it, so the state at `from` is
 * known.
 */
export function rowsSince(rows: readonly HistoryRow[], from: number): HistoryRow[] {
  const lastBefore = new Map<number, HistoryRow>();
  const since: HistoryRow[] = [];
  for (const row of rows) {
    if (row.observed_at >= from) since.push(row);
    else lastBefore.set(row.store_id, row);
  }
  if (lastBefore.size === 0) return since;
  return [...lastBefore.values(), ...since].sort(byTime);
}

/** historySince for one product, from what this process keeps when it can. */
export async function keptHistorySince(
  db: Kysely<DB>,
  dialect: Dialect,
  productId: number,
  storeIds: number[],
  from: number,
  /** The window's length: each length is kept on its own, so a shorter one never reads a longer one's rows. */
  windowDays: number,
): Promise<HistoryRow[]> {
  const cache = catalogueCache<Kept>(db, 'product-history', KEPT_MS, limits);
  const key = `${productId}|${storeSetKey(storeIds)}|${windowDays}`;
  const kept = await cache.get(key, async () => ({
    from,
    rows: Object.freeze(await historySince(db, dialect, [productId], storeIds, from)),
  }));
  if (kept.from > from) return historySince(db, dialect, [productId], storeIds, from);
  return rowsSince(kept.rows, from);
}

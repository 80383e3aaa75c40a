// The verdict on each current price (packages/shared price-verdict.ts), computed from
// price_history and kept per (store, product) in a per-process cache. A verdict changes only when
// the history does (an ingest: forgetVerdicts) or when its windows slide (a new day), so entries
// are keyed by both and otherwise live until evicted.
import { DAY_MS, noVerdict, type PricePoint, type PriceVerdict, priceVerdict } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { onCatalogueChanged } from '../../lib/catalogue-cache.js';
import { type DayPairs, dayPairsOf } from './day-pairs.js';
import { historySince } from './price-history.repository.js';

/** History read for a verdict: all of it (issue 33). A run of back-to-back promotions can be
 * longer than any fixed window, and its prior price is the shelf price before the run began. */
export const VERDICT_HISTORY_FROM = 0;
const MAX_ENTRIES = 300_000;

const caches = new WeakMap<Kysely<DB>, DayPairs<PriceVerdict>>();
let generation = 0;

/** After an ingest changed prices: every cached verdict of this process is recomputed on use. */
export function forgetVerdicts(): void {
  generation += 1;
}

// An ingest in another process of this server (a worker, or the primary's scheduled refresh)
// announces itself on the process bus: this process's verdicts are recomputed too.
onCatalogueChanged(forgetVerdicts);

/** Store ids stay far below 2^20 and product ids below 2^32: one number keys a pair (only while
 * grouping the history rows read for one request). */
const pairKey = (storeId: number, productId: number) => storeId * 4_294_967_296 + productId;

const cacheOf = (db: Kysely<DB>, now: number) =>
  dayPairsOf(caches, db, generation, Math.floor(now / DAY_MS), MAX_ENTRIES);

export interface Pair {
  storeId: number;
  productId: number;
}

/** Verdicts for these (store, product) pairs at `now`, from the cache or one history read. */
export async function verdictsFor(
  db: Kysely<DB>,
  dialect: Dialect,
  pairs: Pair[],
  now: number,
): Promise<(pair: Pair) => PriceVerdict> {
  const cache = cacheOf(db, now);
  const missing = pairs.filter((p) => cache.get(p.storeId, p.productId) === undefined);
  if (missing.length > 0) {
    const productIds = [...new Set(missing.map((p) => p.productId))];
    const storeIds = [...new Set(missing.map((p) => p.storeId))];
    const rows = await historySince(db, dialect, productIds, storeIds, VERDICT_HISTORY_FROM);
    const points = new Map<number, PricePoint[]>();
    for (const row of rows) {
      const key = pairKey(row.store_id, row.product_id);
      let list = points.get(key);
      if (!list) {
        list = [];
        points.set(key, list);
      }
      list.push({
        observedAt: row.observed_at,
        price: row.price,
        promotionType: row.promotion_type,
        multibuyQuantity: row.multibuy_quantity,
        multibuyPrice: row.multibuy_price,
      });
    }
    cache.makeRoomFor(missing.length);
    for (const p of missing) {
      // A pair asked for twice in one request is computed once.
      if (cache.get(p.storeId, p.productId) !== undefined) continue;
      cache.set(p.storeId, p.productId, priceVerdict(points.get(pairKey(p.storeId, p.productId)) ?? [], now));
    }
  }
  return (pair) => cache.get(pair.storeId, pair.productId) ?? noVerdict;
}

// Outlooks (packages/shared outlook/) kept per (store, product) in a per-process cache: computed
// from the history on first ask, then kept until the next feed changes the catalogue (any process
// of this server, or another machine: onCatalogueChanged) or the day turns. A request never reads
// the full history of anything already asked about today.
import { dayOf, type Outlook, type PricePoint, productOutlook } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { onCatalogueChanged } from '../../lib/catalogue-cache.js';
import { type DayPairs, dayPairsOf } from '../products/day-pairs.js';
import { historySince } from '../products/price-history.repository.js';
import type { SpendPairs } from './outlook-budget.js';

const MAX_ENTRIES = 100_000;
const caches = new WeakMap<Kysely<DB>, DayPairs<Outlook>>();
let generation = 0;
onCatalogueChanged(() => {
  generation += 1;
});

export type StoreOutlooks = { storeId: number; outlook: Outlook }[];

/** Fresh pairs worked out between two turns of the event loop. Measured (SQLite, a call of 200
 * products at 20 stores with 40 history rows each, on a loaded 2-core machine): the longest turn
 * 400-560 ms in one piece, 120-270 ms in slices of 500, 110-145 ms in slices of 200 (about the
 * same call answered from the cache: 40-50 ms), the whole call 0.8-1.4 s either way. */
const SLICE_PAIRS = 200;

/** Each product's outlook at each of these stores at `now`, in the stores' order. Pairs not kept
 * yet are paid for first with `spend` (which may refuse: then nothing is read), then computed a
 * slice of products at a time, each slice from one history read. */
export async function outlooksFor(
  db: Kysely<DB>,
  dialect: Dialect,
  productIds: number[],
  storeIds: number[],
  now: number,
  spend: SpendPairs,
): Promise<Map<number, StoreOutlooks>> {
  // Keyed by New Zealand's day, the day the outlook's 'today' is.
  const cache = dayPairsOf(caches, db, generation, dayOf(now), MAX_ENTRIES);
  // What is kept is taken now: another request may empty the cache while this one reads.
  const found = new Map<number, StoreOutlooks>();
  const missing: number[] = [];
  for (const productId of productIds) {
    const kept = storeIds.map((storeId) => ({ storeId, outlook: cache.get(storeId, productId) }));
    if (kept.every((k) => k.outlook !== undefined)) found.set(productId, kept as StoreOutlooks);
    else missing.push(productId);
  }
  // Every store of a product not wholly kept is read and worked out again, so all are paid for.
  if (missing.length > 0) await spend(missing.length * storeIds.length);
  const perSlice = Math.max(1, Math.floor(SLICE_PAIRS / Math.max(1, storeIds.length)));
  for (let i = 0; i < missing.length; i += perSlice) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const slice = missing.slice(i, i + perSlice);
    const points = new Map<string, PricePoint[]>();
    for (const r of await historySince(db, dialect, slice, storeIds, 0)) {
      const key = `${r.store_id}:${r.product_id}`;
      const list = points.get(key) ?? [];
      list.push({
        observedAt: r.observed_at,
        price: r.price,
        promotionType: r.promotion_type,
        multibuyQuantity: r.multibuy_quantity,
        multibuyPrice: r.multibuy_price,
      });
      points.set(key, list);
    }
    cache.makeRoomFor(slice.length * storeIds.length);
    for (const productId of slice) {
      const stores = storeIds.map((storeId) => {
        const outlook = productOutlook(points.get(`${storeId}:${productId}`) ?? [], now);
        cache.set(storeId, productId, outlook);
        return { storeId, outlook };
      });
      found.set(productId, stores);
    }
  }
  return new Map(productIds.map((productId) => [productId, found.get(productId) ?? []]));
}

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

/** Each product's outlook at each of these stores at `now`, in the stores' order. Pairs not kept
 * yet are computed from one history read for all of them, paid for first with `spend` (which
 * may refuse: then nothing is read). */
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
  const missing = productIds.filter((p) => storeIds.some((s) => cache.get(s, p) === undefined));
  if (missing.length > 0) {
    // Every store of a product not wholly kept is read and worked out again, so all are paid for.
    await spend(missing.length * storeIds.length);
    const rows = await historySince(db, dialect, missing, storeIds, 0);
    const points = new Map<string, PricePoint[]>();
    for (const r of rows) {
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
    cache.makeRoomFor(missing.length * storeIds.length);
    for (const productId of missing)
      for (const storeId of storeIds)
        cache.set(storeId, productId, productOutlook(points.get(`${storeId}:${productId}`) ?? [], now));
  }
  return new Map(
    productIds.map((productId) => [
      productId,
      storeIds.map((storeId) => ({ storeId, outlook: cache.get(storeId, productId) as Outlook })),
    ]),
  );
}

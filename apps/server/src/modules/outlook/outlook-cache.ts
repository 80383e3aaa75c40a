// Outlooks (packages/shared outlook/) kept per (store, product) in a per-process cache: computed
// from the history on first ask, then kept until the next feed changes the catalogue (any process
// of this server, or another machine: onCatalogueChanged) or the day turns. A request never reads
// the full history of anything already asked about today.
import { DAY_MS, type Outlook, type PricePoint, productOutlook } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { onCatalogueChanged } from '../../lib/catalogue-cache.js';
import { type DayPairs, dayPairsOf } from '../products/day-pairs.js';
import { historySince } from '../products/price-history.repository.js';

const MAX_ENTRIES = 100_000;
const caches = new WeakMap<Kysely<DB>, DayPairs<Outlook>>();
let generation = 0;
onCatalogueChanged(() => {
  generation += 1;
});

/** Each of these stores' outlook for the product at `now`, in the stores' order. */
export async function outlooksFor(
  db: Kysely<DB>,
  dialect: Dialect,
  productId: number,
  storeIds: number[],
  now: number,
): Promise<{ storeId: number; outlook: Outlook }[]> {
  const cache = dayPairsOf(caches, db, generation, Math.floor(now / DAY_MS), MAX_ENTRIES);
  const missing = storeIds.filter((s) => cache.get(s, productId) === undefined);
  if (missing.length > 0) {
    const rows = await historySince(db, dialect, [productId], missing, 0);
    cache.makeRoomFor(missing.length);
    for (const storeId of missing) {
      const points: PricePoint[] = rows
        .filter((r) => r.store_id === storeId)
        .map((r) => ({
          observedAt: r.observed_at,
          price: r.price,
          promotionType: r.promotion_type,
          multibuyQuantity: r.multibuy_quantity,
          multibuyPrice: r.multibuy_price,
        }));
      cache.set(storeId, productId, productOutlook(points, now));
    }
  }
  return storeIds.map((storeId) => ({ storeId, outlook: cache.get(storeId, productId) as Outlook }));
}

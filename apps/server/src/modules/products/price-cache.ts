// A per-process cache of priced (store, product) pairs in front of pricesAt (product-shape.ts).
// With verdicts stored, a 60-item cart at 6 stores still read 360 pairs from two 10M-row tables
// on every request (~2 ms of SQLite at NZ scale, most of the cart's time), yet prices change only
// with an ingest. Like the other catalogue caches, every process forgets its pairs when any
// process of this server changes the catalogue (CATALOGUE_CHANGED), or when the catalogue's version
// moves (a change by another program, seen within about a second: lib/catalogue-version.ts). So
// pairs may be kept for minutes: a search with a new text finds most of its 300 pairs here.
// Verdicts change with the day, so the day is part of the cache's identity.
import { DAY_MS, type Price } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { onCatalogueChanged } from '../../lib/catalogue-cache.js';
import { watchCatalogueVersion } from '../../lib/catalogue-version.js';
import { type DayPairs, dayPairsOf } from './day-pairs.js';

/** Bounds how long a pair is kept at all; changes are caught by the version, not by this. */
const TTL_MS = 10 * 60_000;
/** ~200 bytes a pair: about 40 MB at most (issue 15 holds a process under 400 MB). */
const MAX_PAIRS = 200_000;

/** A pair's price as answered (verdict and unit price filled in), or null: not sold there. */
type Entry = { price: Price | null; until: number };

const caches = new WeakMap<Kysely<DB>, DayPairs<Entry>>();
let generation = 0;

/** After the catalogue changed in this process (an ingest, a test's fixture): forget every pair. */
export function forgetCachedPrices(): void {
  generation += 1;
}
onCatalogueChanged(forgetCachedPrices);

/** Moves whenever this process forgets its priced pairs: answers built from them are stale. */
export const pricedPairsGeneration = () => generation;

export class PricedPairs {
  private readonly cache: DayPairs<Entry>;
  private readonly clock = Date.now();

  constructor(db: Kysely<DB>, now: number) {
    watchCatalogueVersion(db);
    this.cache = dayPairsOf(caches, db, generation, Math.floor(now / DAY_MS), MAX_PAIRS);
  }

  /**
   * The cached answer for a pair at this store, by product: a price, null (not sold there), or
   * undefined (not cached). The store is looked up once for all of a request's products.
   */
  atStore(storeId: number): (productId: number) => Price | null | undefined {
    const entries = this.cache.ofStore(storeId);
    const clock = this.clock;
    return (productId) => {
      const entry = entries?.get(productId);
      return entry && entry.until > clock ? entry.price : undefined;
    };
  }

  set(storeId: number, productId: number, price: Price | null): void {
    this.cache.makeRoomFor(1);
    this.cache.set(storeId, productId, { price, until: this.clock + TTL_MS });
  }
}

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
import { withListJsonBox } from './list-json-box.js';

/** Bounds how long a pair is kept at all; changes are caught by the version, not by this. */
const TTL_MS = 10 * 60_000;
/** ~200 bytes a pair: about 40 MB at most (issue 15 holds a process under 400 MB). */
const MAX_PAIRS = 200_000;

/** A pair's price as answered (verdict and unit price filled in), or null: not sold there. */
type Entry = { price: Price | null; until: number };
/** A product's prices at one set of stores, cheapest first (frozen: every answer shares it). */
type ListEntry = { prices: readonly Price[]; until: number };
/** ~100 bytes a list (the prices are the pairs' own objects): about 20 MB at most. */
const MAX_LISTS = 200_000;
/**
 * Bytes of the lists' JSON kept (product-json.ts): ~1.26 KB a list at 6 stores, so every one of
 * 30,000 products (NZ scale). At 24 MB a third of them were written afresh in every search that
 * showed them: 15% of a new search's CPU (decision 0031, fifth round). A product whose JSON is
 * kept here keeps no second copy of its fields, so the room is mostly theirs.
 */
const LIST_JSON_BYTES = 40 * 1024 * 1024;

const caches = new WeakMap<Kysely<DB>, DayPairs<Entry>>();
/**
 * The lists built from each map of pairs, by set of stores: a search prices 50 products at 6
 * stores, and looking up 300 pairs in maps of 30,000 cost more than anything else in pricing it
 * (the lookups miss the CPU's caches), so a product's list is kept once built: 50 lookups.
 * Dropped with their map of pairs (a new day, a changed catalogue).
 */
interface KeptLists {
  bySet: Map<string, Map<number, ListEntry>>;
  size: number;
  jsonBudget: { bytesLeft: number };
}
const listCaches = new WeakMap<DayPairs<Entry>, KeptLists>();
const emptyLists = (): KeptLists => ({
  bySet: new Map(),
  size: 0,
  jsonBudget: { bytesLeft: LIST_JSON_BYTES },
});
function keptListsOf(pairs: DayPairs<Entry>): KeptLists {
  let kept = listCaches.get(pairs);
  if (!kept) {
    kept = emptyLists();
    listCaches.set(pairs, kept);
  }
  return kept;
}
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

  /** Products' lists at this set of stores (`storeSet`: the ids sorted, joined by commas). */
  listsAt(storeSet: string): {
    get(productId: number): readonly Price[] | undefined;
    set(productId: number, prices: Price[]): readonly Price[];
  } {
    const all = keptListsOf(this.cache);
    let lists = all.bySet.get(storeSet);
    const clock = this.clock;
    return {
      get: (productId) => {
        const entry = lists?.get(productId);
        return entry && entry.until > clock ? entry.prices : undefined;
      },
      set: (productId, prices) => {
        if (all.size >= MAX_LISTS) {
          Object.assign(all, emptyLists());
          lists = undefined;
        }
        const frozen = Object.freeze(withListJsonBox(prices, all.jsonBudget));
        if (!lists) {
          lists = new Map();
          all.bySet.set(storeSet, lists);
        }
        const before = lists.size;
        lists.set(productId, { prices: frozen, until: clock + TTL_MS });
        all.size += lists.size - before;
        return frozen;
      },
    };
  }
}

// What is known per (store, product) pair for one day and one catalogue generation: the priced
// pairs (price-cache.ts) and the verdicts computed from history (price-verdicts.ts). A new day or a
// new generation starts an empty map; a full map is emptied rather than trimmed (the next requests
// fill it again with what is asked for now).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export class DayPairs<T> {
  /** By store, then product: two small-integer keys rather than one pair key above 2^31, which
   * V8 would keep as a separate 16-byte heap number per entry. */
  private readonly byStore = new Map<number, Map<number, T>>();
  private size = 0;

  constructor(
    readonly generation: number,
    readonly day: number,
    private readonly maxEntries: number,
  ) {}

  get(storeId: number, productId: number): T | undefined {
    return this.byStore.get(storeId)?.get(productId);
  }

  /** One store's entries by product (a request asking for many products looks the store up once). */
  ofStore(storeId: number): ReadonlyMap<number, T> | undefined {
    return this.byStore.get(storeId);
  }

  /** Empties the map if `count` more entries would not fit, so a batch set now is all kept. */
  makeRoomFor(count: number): void {
    if (this.size + count <= this.maxEntries) return;
    this.byStore.clear();
    this.size = 0;
  }

  set(storeId: number, productId: number, value: T): void {
    let products = this.byStore.get(storeId);
    if (!products) {
      products = new Map();
      this.byStore.set(storeId, products);
    }
    const before = products.size;
    products.set(productId, value);
    this.size += products.size - before;
  }
}

/** This database's map for `day` and `generation`: the one kept, or a new empty one. */
export function dayPairsOf<T>(
  kept: WeakMap<Kysely<DB>, DayPairs<T>>,
  db: Kysely<DB>,
  generation: number,
  day: number,
  maxEntries: number,
): DayPairs<T> {
  let pairs = kept.get(db);
  if (!pairs || pairs.generation !== generation || pairs.day !== day) {
    pairs = new DayPairs<T>(generation, day, maxEntries);
    kept.set(db, pairs);
  }
  return pairs;
}

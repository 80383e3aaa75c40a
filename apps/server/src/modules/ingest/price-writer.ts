// Applies a batch of observations to current prices and their history. It reads the batch's
// current rows first and writes only what changed: a repeated price costs a comparison (and, when
// newer, a grouped "still seen at" update); a changed price one upsert and one history row.
// The batch is held in columns (typed arrays), not an object per line: the ingest writes ~10M.
import type { Dialect } from '../../db/database.js';
import type { PricesTable } from '../products/catalogue.schema.js';
import { backfillLines } from './backfill.js';
import { NONE } from './feed-chunk.js';
import { appendHistory, deleteRows, touchSeen, upsertPrices } from './price-statements.js';
import { type Db, Sql } from './raw-sql.js';

/** One batch of observations, in feed order. Integer columns hold NONE for "no value". */
export class Observations {
  count = 0;
  readonly storeId: Int32Array;
  readonly productId: Int32Array;
  readonly observedAt: Float64Array;
  /** 1: the store no longer lists the product (the price columns are unused). */
  readonly gone: Uint8Array;
  readonly price: Int32Array;
  readonly basePrice: Int32Array;
  readonly unitPrice: Int32Array;
  readonly unitMeasure: (string | null)[];
  readonly promotionType: Int32Array;
  readonly multibuyQuantity: Int32Array;
  readonly multibuyPrice: Int32Array;

  constructor(readonly capacity: number) {
    this.storeId = new Int32Array(capacity);
    this.productId = new Int32Array(capacity);
    this.observedAt = new Float64Array(capacity);
    this.gone = new Uint8Array(capacity);
    this.price = new Int32Array(capacity);
    this.basePrice = new Int32Array(capacity);
    this.unitPrice = new Int32Array(capacity);
    this.unitMeasure = new Array(capacity).fill(null);
    this.promotionType = new Int32Array(capacity);
    this.multibuyQuantity = new Int32Array(capacity);
    this.multibuyPrice = new Int32Array(capacity);
  }

  get full(): boolean {
    return this.count >= this.capacity;
  }

  clear(): void {
    this.count = 0;
  }

  addGone(storeId: number, productId: number, observedAt: number): void {
    const i = this.count++;
    this.storeId[i] = storeId;
    this.productId[i] = productId;
    this.observedAt[i] = observedAt;
    this.gone[i] = 1;
  }
}

export interface PriceCounts {
  added: number;
  changed: number;
  unchanged: number;
  delisted: number;
  /** Lines older than the price held that changed the history at their place (backfill.ts). */
  backfilled: number;
}

/** A current price as the database holds it (a prices row). */
type CurrentRow = PricesTable;

/** Per (store, product) of the batch: its current price (database, then the batch's own lines). */
export class Slot {
  /** Whether there is a current price. */
  has = false;
  price = 0;
  basePrice = 0;
  unitPrice = NONE;
  unitMeasure: string | null = null;
  promotionType = 0;
  multibuyQuantity = NONE;
  multibuyPrice = NONE;
  observedAt = 0;
  /** The batch line whose price is written (NONE: none), and the time written with it. */
  upsert = NONE;
  upsertAt = 0;
  remove = false;
  /** Newer "still seen at" time for an unchanged price. */
  seenAt: number | undefined = undefined;
  /** Index in the history list of this slot's latest history row, and its time. */
  historyIndex = -1;
  historyAt = -1;

  constructor(
    public storeId: number,
    public productId: number,
  ) {}

  reset(storeId: number, productId: number) {
    this.storeId = storeId;
    this.productId = productId;
    this.has = false;
    this.unitMeasure = null;
    this.upsert = NONE;
    this.remove = false;
    this.seenAt = undefined;
    this.historyIndex = -1;
    this.historyAt = -1;
  }

  load(row: CurrentRow) {
    this.has = true;
    this.price = row.price;
    this.basePrice = row.base_price;
    this.unitPrice = row.comparative_price ?? NONE;
    this.unitMeasure = row.comparative_measure;
    this.promotionType = row.promotion_type;
    this.multibuyQuantity = row.multibuy_quantity ?? NONE;
    this.multibuyPrice = row.multibuy_price ?? NONE;
    this.observedAt = row.observed_at;
  }

  /** Line i's price differs in what history records (price, base, promotion, multibuy). */
  historyChanged(o: Observations, i: number): boolean {
    return (
      this.price !== o.price[i] ||
      this.basePrice !== o.basePrice[i] ||
      this.promotionType !== o.promotionType[i] ||
      this.multibuyQuantity !== o.multibuyQuantity[i] ||
      this.multibuyPrice !== o.multibuyPrice[i]
    );
  }

  rowChanged(o: Observations, i: number): boolean {
    return (
      this.historyChanged(o, i) || this.unitPrice !== o.unitPrice[i] || this.unitMeasure !== o.unitMeasure[i]
    );
  }

  take(o: Observations, i: number) {
    this.has = true;
    this.price = o.price[i] as number;
    this.basePrice = o.basePrice[i] as number;
    this.unitPrice = o.unitPrice[i] as number;
    this.unitMeasure = o.unitMeasure[i] ?? null;
    this.promotionType = o.promotionType[i] as number;
    this.multibuyQuantity = o.multibuyQuantity[i] as number;
    this.multibuyPrice = o.multibuyPrice[i] as number;
    this.observedAt = o.observedAt[i] as number;
  }
}

/**
 * Slots keyed by store, then product: small integer keys keep the maps fast. The slots, maps and
 * history lists are kept from batch to batch: made afresh, ~20,000 objects a batch lived through
 * the batch's transaction, were promoted to the old heap and grew the process by ~150 MB.
 */
class Slots {
  readonly byStore = new Map<number, Map<number, Slot>>();
  private readonly pool: Slot[] = [];
  private used = 0;
  private readonly spareMaps: Map<number, Slot>[] = [];

  get(storeId: number, productId: number): Slot {
    let products = this.byStore.get(storeId);
    if (!products) {
      products = this.spareMaps.pop() ?? new Map();
      this.byStore.set(storeId, products);
    }
    let slot = products.get(productId);
    if (!slot) {
      slot = this.pool[this.used];
      if (slot) slot.reset(storeId, productId);
      else {
        slot = new Slot(storeId, productId);
        this.pool.push(slot);
      }
      this.used++;
      products.set(productId, slot);
    }
    return slot;
  }

  clear(): void {
    for (const products of this.byStore.values()) {
      products.clear();
      this.spareMaps.push(products);
    }
    this.byStore.clear();
    this.used = 0;
    // A batch far larger than usual (a whole store delisted) leaves no large pool behind.
    if (this.pool.length > 100_000) this.pool.length = 0;
  }
}

/** History rows: a batch line (its price at its time) or, for a delisting, none (null price). */
export class History {
  readonly line: number[] = [];
  readonly slot: Slot[] = [];
  readonly at: number[] = [];
  size = 0;
  push(slot: Slot, line: number, at: number): number {
    const h = this.size++;
    this.slot[h] = slot;
    this.line[h] = line;
    this.at[h] = at;
    return h;
  }
  clear() {
    this.size = 0;
  }
}

async function loadCurrent(db: Db, dialect: Dialect, o: Observations, slots: Slots) {
  const products = new Set<number>();
  for (let i = 0; i < o.count; i++) {
    slots.get(o.storeId[i] as number, o.productId[i] as number);
    products.add(o.productId[i] as number);
  }
  const byStore = slots.byStore;
  const columns = `store_id, product_id, price, base_price, comparative_price, comparative_measure, promotion_type,
    multibuy_quantity, multibuy_price, observed_at`;
  // A feed sorted by store or by product keeps stores x products close to the batch size, so one
  // query per chunk of the cross product is tight; otherwise ask store by store.
  const groups =
    byStore.size * products.size <= o.count * 4
      ? [{ stores: [...byStore.keys()], products: [...products] }]
      : [...byStore].map(([store, ids]) => ({ stores: [store], products: [...ids.keys()] }));
  const take = (rows: CurrentRow[]) => {
    for (const row of rows) byStore.get(row.store_id)?.get(row.product_id)?.load(row);
  };
  for (const group of groups) {
    // One statement text whatever the batch (a text per list length would fill the statement
    // cache): PostgreSQL takes arrays, SQLite JSON arrays read by json_each.
    const q = new Sql(dialect);
    take(
      await q.run<CurrentRow>(
        db,
        `select ${columns} from prices
         where store_id ${q.anyOf(group.stores)} and product_id ${q.anyOf(group.products)}`,
      ),
    );
  }
}

/** Writes batches of one ingest run (keeping its working lists from batch to batch). */
export class PriceWriter {
  private readonly slots = new Slots();
  private readonly history = new History();

  /**
   * `keepConfirmations: false` keeps only change points: for a writer whose observations are
   * complete and in time order and that no backfill can follow (the generated demo's weeks,
   * decision 0016's first-store budget). Feeds keep every observation (issue 45).
   */
  constructor(
    private readonly dialect: Dialect,
    private readonly options: { keepConfirmations: boolean } = { keepConfirmations: true },
  ) {}

  async write(db: Db, o: Observations): Promise<PriceCounts> {
    try {
      return await this.writeBatch(db, o);
    } finally {
      this.slots.clear();
      this.history.clear();
    }
  }

  private async writeBatch(db: Db, o: Observations): Promise<PriceCounts> {
    const dialect = this.dialect;
    const counts: PriceCounts = { added: 0, changed: 0, unchanged: 0, delisted: 0, backfilled: 0 };
    /** Lines older than the price held, with their slots: into the history after the batch's rows. */
    const past: [number, Slot][] = [];
    const slots = this.slots;
    // A feed is a re-runnable bulk load: on PostgreSQL its transactions need not wait for their
    // commit to reach the disk (a crash loses at most the last moment's batches, never half of
    // one; loading the feed again restores them). Only this transaction's commit is affected.
    if (dialect === 'postgres') await new Sql(dialect).run(db, 'set local synchronous_commit = off');
    await loadCurrent(db, dialect, o, slots);
    const history = this.history;
    const addHistory = (slot: Slot, line: number, at: number) => {
      // Two observations at the same time: the later line wins, one history row.
      if (slot.historyAt === at) history.line[slot.historyIndex] = line;
      else {
        slot.historyIndex = history.push(slot, line, at);
        slot.historyAt = at;
      }
    };

    for (let i = 0; i < o.count; i++) {
      const slot = slots.get(o.storeId[i] as number, o.productId[i] as number);
      const at = o.observedAt[i] as number;
      // An observation older than what we hold says nothing new about the current price, but it
      // is history (issue 33): it goes in at its place below.
      if (slot.has && at < slot.observedAt) {
        past.push([i, slot]);
        continue;
      }
      if (o.gone[i] === 1) {
        if (!slot.has) continue;
        slot.has = false;
        slot.upsert = NONE;
        slot.seenAt = undefined;
        slot.remove = true;
        addHistory(slot, NONE, at);
        counts.delisted++;
        continue;
      }
      if (slot.has && !slot.rowChanged(o, i)) {
        if (at > slot.observedAt) {
          if (slot.upsert !== NONE) slot.upsertAt = at;
          else slot.seenAt = at;
          slot.observedAt = at;
          // Kept as a point of its own (issue 45): a line loaded later that falls before it must
          // end there, as it would have had the lines come in time order. Readers skip repeats.
          if (this.options.keepConfirmations) addHistory(slot, i, at);
        }
        counts.unchanged++;
        continue;
      }
      if (!slot.has || slot.historyChanged(o, i)) addHistory(slot, i, at);
      if (slot.has) counts.changed++;
      else counts.added++;
      slot.take(o, i);
      slot.upsert = i;
      slot.upsertAt = at;
      slot.remove = false;
      slot.seenAt = undefined;
    }

    const deletes: Slot[] = [];
    const upserts: Slot[] = [];
    const seen: Slot[] = [];
    for (const products of slots.byStore.values()) {
      for (const slot of products.values()) {
        if (slot.upsert !== NONE) upserts.push(slot);
        else if (slot.remove) deletes.push(slot);
        else if (slot.seenAt !== undefined) seen.push(slot);
      }
    }
    await deleteRows(db, dialect, deletes);
    await upsertPrices(db, dialect, o, upserts);
    await touchSeen(db, dialect, seen);
    await appendHistory(db, dialect, o, history);
    const pastCounts = await backfillLines(db, dialect, o, past);
    counts.backfilled += pastCounts.backfilled;
    counts.unchanged += pastCounts.unchanged;
    return counts;
  }
}

/** Writes one batch on its own. */
export const writePrices = (db: Db, dialect: Dialect, o: Observations): Promise<PriceCounts> =>
  new PriceWriter(dialect).write(db, o);

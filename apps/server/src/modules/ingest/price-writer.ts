// Applies a batch of observations to current prices and their history. It reads the batch's
// current rows first and writes only what changed: a repeated price costs a comparison (and, when
// newer, a grouped "still seen at" update); a changed price one upsert and one history row.
import type { Dialect } from '../../db/database.js';
import { type Db, inChunks, Sql } from './raw-sql.js';

export interface PriceState {
  price: number;
  base_price: number;
  comparative_price: number | null;
  comparative_measure: string | null;
  promotion_type: number;
  multibuy_quantity: number | null;
  multibuy_price: number | null;
  observed_at: number;
}

export interface Observed {
  storeId: number;
  productId: number;
  /** null: the store no longer lists the product. */
  state: PriceState | null;
  observedAt: number;
}

export interface PriceCounts {
  added: number;
  changed: number;
  unchanged: number;
  delisted: number;
}

type Row = PriceState & { store_id: number; product_id: number };
type Gone = { store_id: number; product_id: number; observed_at: number; gone: true };
type HistoryRow = Row | Gone;

/** Per (store, product) of the batch: what the database holds, and what the batch will write. */
interface Slot {
  current: PriceState | undefined;
  upsert: Row | undefined;
  remove: boolean;
  /** Newer "still seen at" time for an unchanged price. */
  seenAt: number | undefined;
  /** Index in the history list of this slot's latest history row, and its time. */
  historyIndex: number;
  historyAt: number;
}

const historyChanged = (a: PriceState, b: PriceState) =>
  a.price !== b.price ||
  a.base_price !== b.base_price ||
  a.promotion_type !== b.promotion_type ||
  a.multibuy_quantity !== b.multibuy_quantity ||
  a.multibuy_price !== b.multibuy_price;

const rowChanged = (a: PriceState, b: PriceState) =>
  historyChanged(a, b) ||
  a.comparative_price !== b.comparative_price ||
  a.comparative_measure !== b.comparative_measure;

/** Slots keyed by store, then product: small integer keys keep the maps fast. */
class Slots {
  readonly byStore = new Map<number, Map<number, Slot>>();
  get(storeId: number, productId: number): Slot {
    let products = this.byStore.get(storeId);
    if (!products) {
      products = new Map();
      this.byStore.set(storeId, products);
    }
    let slot = products.get(productId);
    if (!slot) {
      slot = {
        current: undefined,
        upsert: undefined,
        remove: false,
        seenAt: undefined,
        historyIndex: -1,
        historyAt: -1,
      };
      products.set(productId, slot);
    }
    return slot;
  }
}

async function loadCurrent(db: Db, dialect: Dialect, batch: Observed[], slots: Slots) {
  const products = new Set<number>();
  for (const o of batch) {
    slots.get(o.storeId, o.productId);
    products.add(o.productId);
  }
  const byStore = slots.byStore;
  // A feed sorted by store or by product keeps stores x products close to the batch size, so one
  // query per chunk of the cross product is tight; otherwise ask store by store.
  const groups =
    byStore.size * products.size <= batch.length * 4
      ? [{ stores: [...byStore.keys()], products: [...products] }]
      : [...byStore].map(([store, ids]) => ({ stores: [store], products: [...ids.keys()] }));
  for (const group of groups) {
    await inChunks(group.stores, 400, (stores) =>
      inChunks(group.products, 2000, async (ids) => {
        const q = new Sql(dialect);
        const rows = await q.run<Row>(
          db,
          `select store_id, product_id, price, base_price, comparative_price, comparative_measure, promotion_type,
             multibuy_quantity, multibuy_price, observed_at from prices
           where store_id in (${q.list(stores)}) and product_id in (${q.list(ids)})`,
        );
        for (const row of rows) {
          const slot = byStore.get(row.store_id)?.get(row.product_id);
          if (slot) slot.current = row;
        }
      }),
    );
  }
}

export async function writePrices(db: Db, dialect: Dialect, batch: Observed[]): Promise<PriceCounts> {
  const counts: PriceCounts = { added: 0, changed: 0, unchanged: 0, delisted: 0 };
  const slots = new Slots();
  await loadCurrent(db, dialect, batch, slots);
  const history: HistoryRow[] = [];
  const addHistory = (slot: Slot, row: HistoryRow) => {
    // Two observations at the same time: the later line wins, one history row.
    if (slot.historyAt === row.observed_at) history[slot.historyIndex] = row;
    else {
      slot.historyIndex = history.push(row) - 1;
      slot.historyAt = row.observed_at;
    }
  };

  for (const o of batch) {
    const slot = slots.get(o.storeId, o.productId);
    const before = slot.current;
    // An observation older than what we hold says nothing new about the current price.
    if (before && o.observedAt < before.observed_at) {
      counts.unchanged++;
      continue;
    }
    if (o.state === null) {
      if (!before) continue;
      slot.current = undefined;
      slot.upsert = undefined;
      slot.seenAt = undefined;
      slot.remove = true;
      addHistory(slot, {
        store_id: o.storeId,
        product_id: o.productId,
        observed_at: o.observedAt,
        gone: true,
      });
      counts.delisted++;
      continue;
    }
    const next = o.state;
    if (before && !rowChanged(before, next)) {
      if (o.observedAt > before.observed_at) {
        // The upsert row is also a history row: copy rather than move its time.
        if (slot.upsert) slot.upsert = { ...slot.upsert, observed_at: o.observedAt };
        else slot.seenAt = o.observedAt;
        before.observed_at = o.observedAt;
      }
      counts.unchanged++;
      continue;
    }
    const row: Row = Object.assign({ store_id: o.storeId, product_id: o.productId }, next);
    if (!before || historyChanged(before, next)) addHistory(slot, row);
    if (before) counts.changed++;
    else counts.added++;
    slot.current = next;
    slot.upsert = row;
    slot.remove = false;
    slot.seenAt = undefined;
  }

  const deletes: { store_id: number; product_id: number }[] = [];
  const upserts: Row[] = [];
  const seen: { store_id: number; product_id: number; observed_at: number }[] = [];
  for (const [storeId, products] of slots.byStore) {
    for (const [productId, slot] of products) {
      if (slot.upsert) upserts.push(slot.upsert);
      else if (slot.remove) deletes.push({ store_id: storeId, product_id: productId });
      else if (slot.seenAt !== undefined)
        seen.push({ store_id: storeId, product_id: productId, observed_at: slot.seenAt });
    }
  }
  await deleteRows(db, dialect, deletes);
  await upsertPrices(db, dialect, upserts);
  await touchSeen(db, dialect, seen);
  await appendHistory(db, dialect, history);
  return counts;
}

async function deleteRows(db: Db, dialect: Dialect, rows: { store_id: number; product_id: number }[]) {
  for (const [storeId, ids] of groupBy(
    rows,
    (r) => r.store_id,
    (r) => r.product_id,
  )) {
    await inChunks(ids, 2000, (chunk) => {
      const q = new Sql(dialect);
      return q.run(
        db,
        `delete from prices where store_id = ${q.p(storeId)} and product_id in (${q.list(chunk)})`,
      );
    });
  }
}

async function upsertPrices(db: Db, dialect: Dialect, rows: Row[]) {
  await inChunks(rows, 500, (chunk) => {
    const q = new Sql(dialect);
    const values = chunk.map((r) =>
      q.row([
        r.store_id,
        r.product_id,
        r.price,
        r.base_price,
        r.comparative_price,
        r.comparative_measure,
        r.promotion_type,
        r.multibuy_quantity,
        r.multibuy_price,
        r.observed_at,
      ]),
    );
    return q.run(
      db,
      `insert into prices (store_id, product_id, price, base_price, comparative_price, comparative_measure,
         promotion_type, multibuy_quantity, multibuy_price, observed_at) values ${values.join(',')}
       on conflict (store_id, product_id) do update set price = excluded.price, base_price = excluded.base_price,
         comparative_price = excluded.comparative_price, comparative_measure = excluded.comparative_measure,
         promotion_type = excluded.promotion_type, multibuy_quantity = excluded.multibuy_quantity,
         multibuy_price = excluded.multibuy_price, observed_at = excluded.observed_at`,
    );
  });
}

async function touchSeen(
  db: Db,
  dialect: Dialect,
  rows: { store_id: number; product_id: number; observed_at: number }[],
) {
  const groups = groupBy(
    rows,
    (r) => `${r.store_id}:${r.observed_at}`,
    (r) => r.product_id,
  );
  for (const [group, ids] of groups) {
    const [storeId, observedAt] = group.split(':').map(Number) as [number, number];
    await inChunks(ids, 2000, (chunk) => {
      const q = new Sql(dialect);
      return q.run(
        db,
        `update prices set observed_at = ${q.p(observedAt)}
         where store_id = ${q.p(storeId)} and product_id in (${q.list(chunk)})`,
      );
    });
  }
}

async function appendHistory(db: Db, dialect: Dialect, rows: HistoryRow[]) {
  await inChunks(rows, 500, (chunk) => {
    const q = new Sql(dialect);
    const values = chunk.map((r) =>
      'gone' in r
        ? q.row([r.product_id, r.store_id, r.observed_at, null, null, 0, null, null])
        : q.row([
            r.product_id,
            r.store_id,
            r.observed_at,
            r.price,
            r.base_price,
            r.promotion_type,
            r.multibuy_quantity,
            r.multibuy_price,
          ]),
    );
    return q.run(
      db,
      `insert into price_history (product_id, store_id, observed_at, price, base_price, promotion_type,
         multibuy_quantity, multibuy_price) values ${values.join(',')}
       on conflict (product_id, store_id, observed_at) do update set price = excluded.price,
         base_price = excluded.base_price, promotion_type = excluded.promotion_type,
         multibuy_quantity = excluded.multibuy_quantity, multibuy_price = excluded.multibuy_price`,
    );
  });
}

function groupBy<T, K, V>(items: T[], keyOf: (t: T) => K, pick: (t: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const list = groups.get(keyOf(item)) ?? [];
    list.push(pick(item));
    groups.set(keyOf(item), list);
  }
  return groups;
}

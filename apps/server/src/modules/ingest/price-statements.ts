// The statements that write one batch's outcome (price-writer.ts decides what changed): deletions,
// multi-row upserts of current prices, "still seen at" updates and appended history rows, each in
// as few statements as both engines' parameter limits allow.
import type { Dialect } from '../../db/database.js';
import { NONE } from './feed-chunk.js';
import type { History, Observations, Slot } from './price-writer.js';
import { type Db, type Param, Sql, sqliteInsert, sqliteRuns } from './raw-sql.js';

const nullable = (v: number) => (v === NONE ? null : v);

export async function deleteRows(db: Db, dialect: Dialect, slots: Slot[]) {
  for (const [storeId, ids] of groupBy(
    slots,
    (s) => s.storeId,
    (s) => s.productId,
  )) {
    const q = new Sql(dialect);
    await q.run(db, `delete from prices where store_id = ${q.p(storeId)} and product_id ${q.anyOf(ids)}`);
  }
}

const PRICE_COLUMNS = `store_id, product_id, price, base_price, comparative_price, comparative_measure,
  promotion_type, multibuy_quantity, multibuy_price, observed_at`;
const PRICE_UPDATE = `on conflict (store_id, product_id) do update set price = excluded.price,
  base_price = excluded.base_price, comparative_price = excluded.comparative_price,
  comparative_measure = excluded.comparative_measure, promotion_type = excluded.promotion_type,
  multibuy_quantity = excluded.multibuy_quantity, multibuy_price = excluded.multibuy_price,
  observed_at = excluded.observed_at`;
const HISTORY_COLUMNS = `product_id, store_id, observed_at, price, base_price, promotion_type,
  multibuy_quantity, multibuy_price`;
const HISTORY_UPDATE = `on conflict (product_id, store_id, observed_at) do update set price = excluded.price,
  base_price = excluded.base_price, promotion_type = excluded.promotion_type,
  multibuy_quantity = excluded.multibuy_quantity, multibuy_price = excluded.multibuy_price`;

export async function upsertPrices(db: Db, dialect: Dialect, o: Observations, slots: Slot[]) {
  if (slots.length === 0) return;
  const row = (s: Slot, put: (v: Param) => void) => {
    const i = s.upsert;
    put(s.storeId);
    put(s.productId);
    put(o.price[i] as number);
    put(o.basePrice[i] as number);
    put(nullable(o.unitPrice[i] as number));
    put(o.unitMeasure[i] ?? null);
    put(o.promotionType[i] as number);
    put(nullable(o.multibuyQuantity[i] as number));
    put(nullable(o.multibuyPrice[i] as number));
    put(s.upsertAt);
  };
  if (dialect === 'postgres') {
    // One statement for the whole batch: ten arrays, however many rows.
    const columns: Param[][] = Array.from({ length: 10 }, () => []);
    for (const s of slots) {
      let c = 0;
      row(s, (v) => columns[c++]?.push(v));
    }
    const q = new Sql(dialect);
    const types = ['int', 'int', 'int', 'int', 'int', 'text', 'int', 'int', 'int', 'bigint'];
    const arrays = columns.map((values, c) => `${q.p(values)}::${types[c]}[]`).join(',');
    await q.run(db, `insert into prices (${PRICE_COLUMNS}) select * from unnest(${arrays}) ${PRICE_UPDATE}`);
    return;
  }
  for (const [start, rows] of sqliteRuns(slots.length)) {
    const params: Param[] = new Array(rows * 10);
    let n = 0;
    const put = (v: Param) => {
      params[n++] = v;
    };
    for (let k = start; k < start + rows; k++) row(slots[k] as Slot, put);
    await new Sql(dialect, params).run(db, sqliteInsert('prices', PRICE_COLUMNS, 10, rows, PRICE_UPDATE));
  }
}

export async function touchSeen(db: Db, dialect: Dialect, slots: Slot[]) {
  const groups = groupBy(
    slots,
    (s) => `${s.storeId}:${s.seenAt}`,
    (s) => s.productId,
  );
  for (const [group, ids] of groups) {
    const [storeId, observedAt] = group.split(':').map(Number) as [number, number];
    const q = new Sql(dialect);
    await q.run(
      db,
      `update prices set observed_at = ${q.p(observedAt)} where store_id = ${q.p(storeId)} and product_id ${q.anyOf(ids)}`,
    );
  }
}

export async function appendHistory(db: Db, dialect: Dialect, o: Observations, history: History) {
  if (history.size === 0) return;
  const row = (h: number, put: (v: Param) => void) => {
    const slot = history.slot[h] as Slot;
    const i = history.line[h] as number;
    put(slot.productId);
    put(slot.storeId);
    put(history.at[h] as number);
    if (i === NONE) {
      put(null);
      put(null);
      put(0);
      put(null);
      put(null);
      return;
    }
    put(o.price[i] as number);
    put(o.basePrice[i] as number);
    put(o.promotionType[i] as number);
    put(nullable(o.multibuyQuantity[i] as number));
    put(nullable(o.multibuyPrice[i] as number));
  };
  if (dialect === 'postgres') {
    // One statement for the batch. A key can come twice only in a feed that goes back in time
    // after a delisting; the later line wins, as it does row by row.
    const last = new Map<string, number>();
    for (let h = 0; h < history.size; h++) {
      const slot = history.slot[h] as Slot;
      last.set(`${slot.productId}:${slot.storeId}:${history.at[h]}`, h);
    }
    const columns: Param[][] = Array.from({ length: 8 }, () => []);
    for (let h = 0; h < history.size; h++) {
      const slot = history.slot[h] as Slot;
      if (last.size !== history.size && last.get(`${slot.productId}:${slot.storeId}:${history.at[h]}`) !== h)
        continue;
      let c = 0;
      row(h, (v) => columns[c++]?.push(v));
    }
    const q = new Sql(dialect);
    const types = ['int', 'int', 'bigint', 'int', 'int', 'int', 'int', 'int'];
    const arrays = columns.map((values, c) => `${q.p(values)}::${types[c]}[]`).join(',');
    await q.run(
      db,
      `insert into price_history (${HISTORY_COLUMNS}) select * from unnest(${arrays}) ${HISTORY_UPDATE}`,
    );
    return;
  }
  for (const [start, rows] of sqliteRuns(history.size)) {
    const params: Param[] = new Array(rows * 8);
    let n = 0;
    const put = (v: Param) => {
      params[n++] = v;
    };
    for (let h = start; h < start + rows; h++) row(h, put);
    await new Sql(dialect, params).run(
      db,
      sqliteInsert('price_history', HISTORY_COLUMNS, 8, rows, HISTORY_UPDATE),
    );
  }
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

/** Writes history rows given whole (8 values each, in HISTORY_COLUMNS' order, no key twice), in
 * as few statements as the engine allows; a row at a time already there takes the new values. */
export async function putHistoryRows(db: Db, dialect: Dialect, rows: Param[][]) {
  if (rows.length === 0) return;
  if (dialect === 'postgres') {
    const q = new Sql(dialect);
    const types = ['int', 'int', 'bigint', 'int', 'int', 'int', 'int', 'int'];
    const arrays = types.map((type, c) => `${q.p(rows.map((row) => row[c] ?? null))}::${type}[]`).join(',');
    await q.run(
      db,
      `insert into price_history (${HISTORY_COLUMNS}) select * from unnest(${arrays}) ${HISTORY_UPDATE}`,
    );
    return;
  }
  for (const [start, count] of sqliteRuns(rows.length)) {
    await new Sql(dialect, rows.slice(start, start + count).flat()).run(
      db,
      sqliteInsert('price_history', HISTORY_COLUMNS, 8, count, HISTORY_UPDATE),
    );
  }
}

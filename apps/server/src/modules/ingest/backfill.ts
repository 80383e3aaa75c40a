// Observations older than the price already held (issue 33, item 4): a history loaded out of order,
// or a late feed. The current price stays as it is; the observation goes into price_history at its
// place (a row already at that exact time takes its values), so the spans of prices the history
// describes are the ones an in-order load gives:
// - it is written even when the point before says the same: it bounds the spans around it, and a
//   later backfill between two points must not stretch one past an observation it contradicts
//   (the history may then hold a point that repeats the one before; readers compare spans, and
//   the verdicts count time per price, so a repeat changes nothing);
// - an observation after the last history row that differs from the current price (the price was
//   seen again later, unchanged, as "last seen") gets the current price back at the time it was
//   last confirmed, so the history still ends at the current price.
// Every observation is kept as a point, confirmations included (price-writer.ts, issue 45): a
// backfill between two points is bounded by the next observation, as in an in-order load, so any
// order of the same lines gives the same change points (backfill-order.test.ts).
// A batch's lines into the past are done together, after the batch's own rows are written: one read
// of the touched products' histories per store, the lines placed in memory in feed order (each sees
// the ones before it), then one multi-row write. Line by line, three round trips each, a whole
// history loaded newest first took 266 s on PostgreSQL.
import type { Dialect } from '../../db/database.js';
import { NONE } from './feed-chunk.js';
import { putHistoryRows } from './price-statements.js';
import type { Observations, Slot } from './price-writer.js';
import { type Db, type Param, Sql } from './raw-sql.js';

interface Point {
  price: number | null;
  base_price: number | null;
  promotion_type: number;
  multibuy_quantity: number | null;
  multibuy_price: number | null;
}

interface Row extends Point {
  observed_at: number;
}

const nullable = (v: number) => (v === NONE ? null : v);

const pointOfLine = (o: Observations, i: number): Point =>
  o.gone[i] === 1
    ? { price: null, base_price: null, promotion_type: 0, multibuy_quantity: null, multibuy_price: null }
    : {
        price: o.price[i] as number,
        base_price: o.basePrice[i] as number,
        promotion_type: o.promotionType[i] as number,
        multibuy_quantity: nullable(o.multibuyQuantity[i] as number),
        multibuy_price: nullable(o.multibuyPrice[i] as number),
      };

const pointOfSlot = (s: Slot): Point => ({
  price: s.price,
  base_price: s.basePrice,
  promotion_type: s.promotionType,
  multibuy_quantity: nullable(s.multibuyQuantity),
  multibuy_price: nullable(s.multibuyPrice),
});

export const samePoint = (a: Point, b: Point) =>
  a.price === b.price &&
  a.base_price === b.base_price &&
  a.promotion_type === b.promotion_type &&
  a.multibuy_quantity === b.multibuy_quantity &&
  a.multibuy_price === b.multibuy_price;

const COLUMNS = 'observed_at, price, base_price, promotion_type, multibuy_quantity, multibuy_price';

/** The touched slots' history rows, oldest first, read store by store. */
async function loadHistories(db: Db, dialect: Dialect, slots: Set<Slot>): Promise<Map<Slot, Row[]>> {
  const byStore = new Map<number, Map<number, Slot>>();
  const histories = new Map<Slot, Row[]>();
  for (const slot of slots) {
    const products = byStore.get(slot.storeId) ?? new Map<number, Slot>();
    products.set(slot.productId, slot);
    byStore.set(slot.storeId, products);
    histories.set(slot, []);
  }
  for (const [storeId, products] of byStore) {
    const q = new Sql(dialect);
    const rows = await q.run<Row & { product_id: number }>(
      db,
      `select product_id, ${COLUMNS} from price_history where store_id = ${q.p(storeId)}
       and product_id ${q.anyOf([...products.keys()])} order by product_id, observed_at`,
    );
    for (const { product_id, ...row } of rows) {
      const slot = products.get(Number(product_id));
      if (slot) histories.get(slot)?.push({ ...row, observed_at: Number(row.observed_at) });
    }
  }
  return histories;
}

/** Index of the last row at or before `at` (-1: none). */
function lastAtOrBefore(rows: Row[], at: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((rows[middle] as Row).observed_at <= at) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** Puts `point` at `at` into the slot's rows (a row at that exact time takes its values). */
function place(rows: Row[], at: number, point: Point): void {
  const k = lastAtOrBefore(rows, at);
  const row = { ...point, observed_at: at };
  if (k >= 0 && (rows[k] as Row).observed_at === at) rows[k] = row;
  else rows.splice(k + 1, 0, row);
}

/**
 * Puts the batch's lines older than their slot's current price (in feed order) into the history;
 * counts those that change it from the point before (backfilled) and those that only confirm it.
 */
export async function backfillLines(
  db: Db,
  dialect: Dialect,
  o: Observations,
  past: [line: number, slot: Slot][],
): Promise<{ backfilled: number; unchanged: number }> {
  const counts = { backfilled: 0, unchanged: 0 };
  if (past.length === 0) return counts;
  const histories = await loadHistories(db, dialect, new Set(past.map(([, slot]) => slot)));
  const written = new Map<Slot, Map<number, Point>>();
  const write = (slot: Slot, rows: Row[], at: number, point: Point) => {
    place(rows, at, point);
    const times = written.get(slot) ?? new Map<number, Point>();
    times.set(at, point);
    written.set(slot, times);
  };
  for (const [i, slot] of past) {
    const rows = histories.get(slot) as Row[];
    const at = o.observedAt[i] as number;
    const point = pointOfLine(o, i);
    const k = lastAtOrBefore(rows, at);
    const before = k >= 0 ? (rows[k] as Row) : null;
    if (before?.observed_at === at && samePoint(before, point)) {
      counts.unchanged++;
      continue;
    }
    write(slot, rows, at, point);
    // Nothing after it: the history must still end at the current price.
    if (slot.has && (rows.at(-1) as Row).observed_at === at) {
      const current = pointOfSlot(slot);
      if (!samePoint(current, point)) write(slot, rows, slot.observedAt, current);
    }
    if (!before || !samePoint(before, point)) counts.backfilled++;
    else counts.unchanged++;
  }
  const rows: Param[][] = [];
  for (const [slot, times] of written) {
    for (const [at, p] of times) {
      rows.push([
        slot.productId,
        slot.storeId,
        at,
        p.price,
        p.base_price,
        p.promotion_type,
        p.multibuy_quantity,
        p.multibuy_price,
      ]);
    }
  }
  await putHistoryRows(db, dialect, rows);
  return counts;
}

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
// What an in-order load dropped as a confirmation (prices.observed_at keeps only the last) cannot
// be recovered: a backfill between two change points is bounded by them only.
// Rare next to the forward lines, so one read per line (after the batch's own rows are written).
import type { Dialect } from '../../db/database.js';
import { NONE } from './feed-chunk.js';
import type { Observations, Slot } from './price-writer.js';
import { type Db, Sql } from './raw-sql.js';

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

async function neighbour(db: Db, dialect: Dialect, s: Slot, at: number, after: boolean): Promise<Row | null> {
  const q = new Sql(dialect);
  const rows = await q.run<Row>(
    db,
    `select ${COLUMNS} from price_history where product_id = ${q.p(s.productId)} and store_id = ${q.p(s.storeId)}
     and observed_at ${after ? '>' : '<='} ${q.p(at)} order by observed_at ${after ? 'asc' : 'desc'} limit 1`,
  );
  const row = rows[0];
  return row ? { ...row, observed_at: Number(row.observed_at) } : null;
}

async function put(db: Db, dialect: Dialect, s: Slot, at: number, p: Point) {
  const q = new Sql(dialect);
  await q.run(
    db,
    `insert into price_history (product_id, store_id, ${COLUMNS})
     values ${q.row([s.productId, s.storeId, at, p.price, p.base_price, p.promotion_type, p.multibuy_quantity, p.multibuy_price])}
     on conflict (product_id, store_id, observed_at) do update set price = excluded.price,
       base_price = excluded.base_price, promotion_type = excluded.promotion_type,
       multibuy_quantity = excluded.multibuy_quantity, multibuy_price = excluded.multibuy_price`,
  );
}

/** Puts batch line `i` (older than `slot`'s current price) into the history; whether it is a
 * change from the point before it (a backfill, counted) rather than a confirmation. */
export async function backfillLine(db: Db, dialect: Dialect, o: Observations, i: number, slot: Slot) {
  const at = o.observedAt[i] as number;
  const point = pointOfLine(o, i);
  const before = await neighbour(db, dialect, slot, at, false);
  if (before?.observed_at === at && samePoint(before, point)) return false;
  await put(db, dialect, slot, at, point);
  if (slot.has && !(await neighbour(db, dialect, slot, at, true))) {
    const current = pointOfSlot(slot);
    if (!samePoint(current, point)) await put(db, dialect, slot, slot.observedAt, current);
  }
  return !before || !samePoint(before, point);
}

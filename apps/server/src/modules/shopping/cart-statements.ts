// The shopping list's write statements (cart-writes.ts chooses among them). Each is compiled once
// per dialect (db/compiled-once.ts): a phone in an aisle sends these more than anything else Kete
// writes, and building and compiling them was 12-14% of a worker's time under the write mix
// (decision 0011, tenth round). Quantities are whole ten-thousandths, summed inside the database
// so that adds from two phones at once never overwrite each other.
import { type Insertable, type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import { compiledStatement } from '../../db/compiled-once.js';
import type { DB } from '../../db/schema.js';
import { cartHasRoom } from '../limits/workspace-caps.js';

export const cartRowColumns = ['product_id', 'quantity_units', 'any_brand', 'excluded_alternatives'] as const;

export type NewCartRow = Insertable<DB['cart_items']>;

/**
 * INSERT INTO cart_items the row: as VALUES, or with `room` (cartHasRoom, PostgreSQL) as
 * SELECT ... WHERE room. A SELECT's parameters have no column to take their type from, so each is
 * cast as its column is (an integer column takes a bigint, as any INSERT does).
 */
export function insertCartRow(db: QueryCreator<DB>, row: NewCartRow, room: RawBuilder<boolean> | null) {
  const insert = db.insertInto('cart_items');
  if (room === null) return insert.values(row);
  const columns = Object.keys(row) as (keyof NewCartRow)[];
  const typed = (column: keyof NewCartRow) =>
    column === 'excluded_alternatives' ? sql`${row[column]}::text` : sql`${row[column]}::bigint`;
  return insert
    .columns(columns)
    .expression(db.selectNoFrom(columns.map((column) => typed(column).as(column))).where(room));
}

/** A new row of the shopping list, added and changed now, by `changedBy` (null: nobody named). */
export const newCartRow = (
  workspaceId: number,
  productId: number,
  units: number,
  now: number,
  changedBy: number | null,
) => ({
  workspace_id: workspaceId,
  product_id: productId,
  quantity_units: units,
  created_at: now,
  updated_at: now,
  updated_by: changedBy,
});

/**
 * Who made the change, written by the change's own statement (issue 49: an offline set is refused
 * only over someone else's later change, and names them). It was a second statement after each
 * add and set: on PostgreSQL a second round trip and commit per write (issue 47). Null (a change
 * nobody is named for: a meal plan's, a matched text item's) leaves the row's as it was.
 */
export const changedByOf = (changedBy: number | null) =>
  sql<number | null>`coalesce(${changedBy}, updated_by)`;
/** The same in an upsert's ON CONFLICT: the new row's, else the listed row's. */
export const changedByOnConflict = sql<number | null>`coalesce(excluded.updated_by, cart_items.updated_by)`;

/**
 * The sum `sum` stays within the maximum and on a step: two valid adds of 0.5 kg make 1.0 kg,
 * which is off the steps of a product sold from 0.5 kg in 0.2 kg steps. (Written as SQL text:
 * Kysely does not parenthesise nested arithmetic, and % binds tighter.)
 */
const sumFits = (sum: RawBuilder<number>, maximum: number, minimum: number, step: number) =>
  sql<boolean>`(${sum} <= ${maximum} and (${sum} - ${minimum}) % ${step} = 0)`;

/**
 * Adds to the product's quantity, or puts it on the list. The sum happens inside the database
 * (INSERT ... ON CONFLICT DO UPDATE), so concurrent adds never overwrite each other; the WHERE
 * leaves the row alone when the sum would pass the maximum or fall between steps.
 */
function addUnitsQuery(
  db: QueryCreator<DB>,
  [workspaceId, productId, units, now, maximum, minimum, step, changedBy]: UnitsArgs,
  room: RawBuilder<boolean> | null,
) {
  return insertCartRow(db, newCartRow(workspaceId, productId, units, now, changedBy), room)
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'product_id'])
        .doUpdateSet((eb) => ({
          quantity_units: eb('cart_items.quantity_units', '+', eb.ref('excluded.quantity_units')),
          updated_at: eb.ref('excluded.updated_at'),
          updated_by: changedByOnConflict,
        }))
        .where(
          sumFits(sql<number>`(cart_items.quantity_units + excluded.quantity_units)`, maximum, minimum, step),
        ),
    )
    .returning(cartRowColumns);
}

/**
 * workspaceId, productId, units, now, the rule's maximum, minimum and step, and who changed it
 * (cart-writes.ts unitsArgs).
 */
export type UnitsArgs = [number, number, number, number, number, number, number, number | null];

export const addUnitsStatement = compiledStatement((db, ...args: UnitsArgs) => addUnitsQuery(db, args, null));
export const addUnitsWithRoomStatement = compiledStatement((db, ...args: UnitsArgs) =>
  addUnitsQuery(db, args, cartHasRoom(args[0], args[1])),
);

/**
 * Adds to an item already on the list in one statement, without the workspace's lock: changing a
 * listed item cannot pass the list's cap, so it need not wait for other phones' changes. Most
 * changes in an aisle are these (+1, a new quantity). Answers the changed row, or undefined when
 * none changed (not listed, or the rule stopped the sum), for the capped path to decide.
 */
function addToListedQuery(
  db: QueryCreator<DB>,
  [workspaceId, productId, units, now, maximum, minimum, step, changedBy]: UnitsArgs,
) {
  const sum = sql<number>`(quantity_units + ${units})`;
  return db
    .updateTable('cart_items')
    .set({ quantity_units: sum, updated_at: now, updated_by: changedByOf(changedBy) })
    .where('workspace_id', '=', workspaceId)
    .where('product_id', '=', productId)
    .where(sumFits(sum, maximum, minimum, step))
    .returning(cartRowColumns);
}
export const addToListedStatement = compiledStatement((db, ...args: UnitsArgs) => addToListedQuery(db, args));

/** A listed item's new quantity, the 'Any brand' settings left as they are (the usual change). */
function setQuantityQuery(
  db: QueryCreator<DB>,
  workspaceId: number,
  productId: number,
  units: number,
  now: number,
  changedBy: number | null,
) {
  return db
    .updateTable('cart_items')
    .set({ quantity_units: units, updated_at: now, updated_by: changedByOf(changedBy) })
    .where('workspace_id', '=', workspaceId)
    .where('product_id', '=', productId)
    .returning(cartRowColumns);
}
export const setQuantityStatement = compiledStatement(setQuantityQuery);

/** Puts the product on the list at this quantity, or sets it if another phone just did. */
function insertQuantityQuery(
  db: QueryCreator<DB>,
  workspaceId: number,
  productId: number,
  units: number,
  now: number,
  changedBy: number | null,
  room: RawBuilder<boolean> | null,
) {
  return insertCartRow(db, newCartRow(workspaceId, productId, units, now, changedBy), room)
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'product_id']).doUpdateSet((eb) => ({
        quantity_units: eb.ref('excluded.quantity_units'),
        updated_at: eb.ref('excluded.updated_at'),
        updated_by: changedByOnConflict,
      })),
    )
    .returning(cartRowColumns);
}
export const insertQuantityStatement = compiledStatement(
  (db, workspaceId: number, productId: number, units: number, now: number, changedBy: number | null) =>
    insertQuantityQuery(db, workspaceId, productId, units, now, changedBy, null),
);
export const insertQuantityWithRoomStatement = compiledStatement(
  (db, workspaceId: number, productId: number, units: number, now: number, changedBy: number | null) =>
    insertQuantityQuery(
      db,
      workspaceId,
      productId,
      units,
      now,
      changedBy,
      cartHasRoom(workspaceId, productId),
    ),
);

/**
 * Outside a transaction on PostgreSQL the statements below may share a commit with other
 * households' changes; each takes at most its workspace's lock, then its row. The workspace is
 * their first argument.
 */
const byHousehold = { groupedBy: (args: readonly unknown[]) => args[0] as number };

export const removeStatement = compiledStatement(
  (db, workspaceId: number, productId: number) =>
    db.deleteFrom('cart_items').where('workspace_id', '=', workspaceId).where('product_id', '=', productId),
  byHousehold,
);

/**
 * PostgreSQL: the change to a listed item and the capped insert of a new one as one statement, one
 * round trip instead of two. Both parts see the statement's one snapshot. The insert (and the cap's
 * check, which takes the workspace's lock) happens only for a product not on the list in that
 * snapshot, so a change to a listed item never waits for the workspace's lock; and it must not: an
 * UPDATE that waited for another phone's change to the row keeps the row's lock even when it then
 * finds nothing to change (the sum past the maximum), and waiting for the workspace's lock while
 * holding it deadlocked against an insert holding the workspace's lock and waiting for the row
 * (20 phones adding to one item at its maximum, integrity.test.ts). A product another phone
 * lists meanwhile meets the insert's ON CONFLICT, as with two statements. An answer with no row
 * (the item at its maximum, or removed by another phone meanwhile) is tried again with the insert
 * alone, in a statement of its own (cart-writes.ts).
 */
function changedOrAdded(
  db: Kysely<DB>,
  changed: (qc: QueryCreator<DB>) => ReturnType<typeof setQuantityQuery>,
  added: (qc: QueryCreator<DB>, roomIfNew: RawBuilder<boolean>) => ReturnType<typeof insertQuantityQuery>,
  workspaceId: number,
  productId: number,
) {
  const room = cartHasRoom(workspaceId, productId);
  const roomIfNew = sql<boolean>`case when exists (select 1 from cart_items where workspace_id = ${workspaceId}
    and product_id = ${productId}) then false else ${room} end`;
  return db
    .with('changed', changed)
    .with('added', (qc) => added(qc as unknown as QueryCreator<DB>, roomIfNew))
    .selectFrom('changed')
    .select(cartRowColumns)
    .unionAll((eb) => eb.selectFrom('added').select(cartRowColumns));
}

/** PostgreSQL: add to the item, or list it if the cap leaves room (KTCAP if not: answeringCartFull). */
export const addOnPostgresStatement = compiledStatement(
  (db, ...args: UnitsArgs) =>
    changedOrAdded(
      db,
      (qc) => addToListedQuery(qc, args),
      (qc, room) => addUnitsQuery(qc, args, room),
      args[0],
      args[1],
    ),
  byHousehold,
);

/** PostgreSQL: set the item's quantity, or list it at that quantity if the cap leaves room. */
export const setOnPostgresStatement = compiledStatement(
  (db, workspaceId: number, productId: number, units: number, now: number, changedBy: number | null) =>
    changedOrAdded(
      db,
      (qc) => setQuantityQuery(qc, workspaceId, productId, units, now, changedBy),
      (qc, room) => insertQuantityQuery(qc, workspaceId, productId, units, now, changedBy, room),
      workspaceId,
      productId,
    ),
  byHousehold,
);

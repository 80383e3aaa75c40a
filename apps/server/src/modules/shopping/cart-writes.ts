// The shopping list's writes as the service asks for them: which statements (cart-statements.ts)
// each change sends on each database, and what happens when a statement finds no row.
import { maximumQuantity, toQuantityUnits } from '@kete/shared';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { answeringCartFull, cartHasRoom, withinCartCap } from '../limits/workspace-caps.js';
import type { CartRow } from './cart-answer.js';
import {
  addOnPostgresStatement,
  addToListedStatement,
  addUnitsStatement,
  addUnitsWithRoomStatement,
  cartRowColumns,
  changedByOf,
  changedByOnConflict,
  insertCartRow,
  insertQuantityStatement,
  insertQuantityWithRoomStatement,
  type NewCartRow,
  newCartRow,
  setOnPostgresStatement,
  setQuantityStatement,
  type UnitsArgs,
} from './cart-statements.js';
import type { ProductRule } from './catalogue-lookup.js';

/** The 'Any brand' settings a change names (cart-any-brand.ts anyBrandColumns). */
type SettingsColumns = Partial<Pick<NewCartRow, 'any_brand' | 'excluded_alternatives'>>;

/** A product's quantity rule in whole ten-thousandths, as the statements below compare sums. */
function unitsRule(rule: ProductRule) {
  return {
    maximum: toQuantityUnits(maximumQuantity(rule)),
    minimum: toQuantityUnits(rule.minimumQuantity),
    step: Math.max(toQuantityUnits(rule.minimumIncrement), 1),
  };
}

/** The rule's bounds with the values, in UnitsArgs' order. */
function unitsArgs(
  workspaceId: number,
  rule: ProductRule,
  units: number,
  now: number,
  changedBy: number | null,
): UnitsArgs {
  const { maximum, minimum, step } = unitsRule(rule);
  return [workspaceId, rule.id, units, now, maximum, minimum, step, changedBy];
}

/**
 * Adds to the item, or lists it; undefined when the rule stopped the sum. On PostgreSQL one
 * statement nearly always; on SQLite the listed item's change, else the capped insert in a
 * transaction (no round trips there, and its write lock is taken at BEGIN).
 */
export async function addToCart(
  db: Kysely<DB>,
  workspaceId: number,
  rule: ProductRule,
  units: number,
  now: number,
  changedBy: number | null,
): Promise<CartRow | undefined> {
  const args = unitsArgs(workspaceId, rule, units, now, changedBy);
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await answeringCartFull(() => addOnPostgresStatement(db, ...args))
      : await addToListedStatement(db, ...args);
  const written: CartRow | undefined = rows[0];
  // No row: not listed (SQLite), or on PostgreSQL at its maximum or removed by another phone
  // meanwhile: the capped insert alone, in a statement (or transaction) of its own.
  return (
    written ??
    (await withinCartCap(db, workspaceId, rule.id, (writer, checkRoom) =>
      addUnits(writer, workspaceId, rule, units, now, changedBy, checkRoom),
    ))
  );
}

/**
 * Sets a listed item's quantity (`units`, unless undefined) and the settings named, in one
 * statement without the workspace's lock (cart-statements.ts addToListedQuery); undefined when it
 * is not listed.
 * On PostgreSQL a quantity alone (the usual change) also lists the product if it is not, in the
 * same statement, within the cap.
 */
export async function setListedItem(
  db: Kysely<DB>,
  workspaceId: number,
  productId: number,
  units: number | undefined,
  settings: SettingsColumns,
  now: number,
  changedBy: number | null,
): Promise<CartRow | undefined> {
  if (units !== undefined && Object.keys(settings).length === 0) {
    if (dialectOf(db) === 'postgres') {
      const { rows } = await answeringCartFull(() =>
        setOnPostgresStatement(db, workspaceId, productId, units, now, changedBy),
      );
      // No row: removed by another phone meanwhile; the caller lists it again (listAt).
      if (rows[0]) return rows[0];
    }
    return (await setQuantityStatement(db, workspaceId, productId, units, now, changedBy)).rows[0];
  }
  return db
    .updateTable('cart_items')
    .set({
      ...settings,
      ...(units === undefined ? {} : { quantity_units: units }),
      updated_at: now,
      updated_by: changedByOf(changedBy),
    })
    .where('workspace_id', '=', workspaceId)
    .where('product_id', '=', productId)
    .returning(cartRowColumns)
    .executeTakeFirst();
}

/**
 * Lists the product at this quantity with the settings named, within the list's cap (or sets them
 * if another phone just listed it).
 */
export function listAt(
  db: Kysely<DB>,
  workspaceId: number,
  productId: number,
  units: number,
  settings: SettingsColumns,
  now: number,
  changedBy: number | null,
): Promise<CartRow> {
  return withinCartCap(db, workspaceId, productId, async (writer, checkRoom) => {
    if (Object.keys(settings).length === 0) {
      const statement = checkRoom ? insertQuantityWithRoomStatement : insertQuantityStatement;
      const { rows } = await statement(writer, workspaceId, productId, units, now, changedBy);
      if (rows[0]) return rows[0];
      throw new Error(`cart item ${workspaceId}/${productId} was not written`);
    }
    const row = { ...newCartRow(workspaceId, productId, units, now, changedBy), ...settings };
    return insertCartRow(writer, row, checkRoom ? cartHasRoom(workspaceId, productId) : null)
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'product_id']).doUpdateSet({
          quantity_units: units,
          updated_at: now,
          updated_by: changedByOnConflict,
          ...settings,
        }),
      )
      .returning(cartRowColumns)
      .executeTakeFirstOrThrow();
  });
}

/**
 * Adds to the item or lists it, with the cap's condition when told (`checkRoom`); undefined when
 * the rule stopped the sum.
 */
export async function addUnits(
  db: Kysely<DB>,
  workspaceId: number,
  rule: ProductRule,
  units: number,
  now: number,
  changedBy: number | null,
  checkRoom = false,
): Promise<CartRow | undefined> {
  const statement = checkRoom ? addUnitsWithRoomStatement : addUnitsStatement;
  return (await statement(db, ...unitsArgs(workspaceId, rule, units, now, changedBy))).rows[0];
}

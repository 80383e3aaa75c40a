// The shared shopping list. Quantities are stored as whole ten-thousandths so that adds from two
// phones at once are summed exactly by one atomic upsert, on SQLite and PostgreSQL alike.
import {
  type CartItem,
  fromQuantityUnits,
  maximumQuantity,
  quantityError,
  toQuantityUnits,
} from '@kete/shared';
import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { compiledStatement } from '../../db/compiled-once.js';
import type { DB } from '../../db/schema.js';
import { fieldError } from '../../lib/http-error.js';
import { assertRoom, caps, cartHasRoom, lockWorkspace, withinCartCap } from '../limits/workspace-caps.js';
import { type CartRow, cartAnswer, writeCart } from './cart-answer.js';
import { type AnyBrandSettings, anyBrandColumns, readExcluded } from './cart-any-brand.js';
import { type ProductRule, productsForWorkspace, requireProductField } from './catalogue-lookup.js';
import { requireList } from './lists.service.js';

function validQuantityUnits(rule: ProductRule, quantity: number): number {
  const error = quantityError(rule, quantity);
  if (error) throw fieldError('quantity', error);
  return toQuantityUnits(quantity);
}

const cartRowColumns = ['product_id', 'quantity_units', 'any_brand', 'excluded_alternatives'] as const;

type NewCartRow = Insertable<DB['cart_items']>;

/**
 * INSERT INTO cart_items the row: as VALUES, or with `room` (cartHasRoom, PostgreSQL) as
 * SELECT ... WHERE room. A SELECT's parameters have no column to take their type from, so each is
 * cast as its column is (an integer column takes a bigint, as any INSERT does).
 */
function insertCartRow(db: Kysely<DB>, row: NewCartRow, room: RawBuilder<boolean> | null) {
  const insert = db.insertInto('cart_items');
  if (room === null) return insert.values(row);
  const columns = Object.keys(row) as (keyof NewCartRow)[];
  const typed = (column: keyof NewCartRow) =>
    column === 'excluded_alternatives' ? sql`${row[column]}::text` : sql`${row[column]}::bigint`;
  return insert
    .columns(columns)
    .expression(db.selectNoFrom(columns.map((column) => typed(column).as(column))).where(room));
}

/** A new row of the shopping list, added and changed now. */
const newCartRow = (workspaceId: number, productId: number, units: number, now: number) => ({
  workspace_id: workspaceId,
  product_id: productId,
  quantity_units: units,
  created_at: now,
  updated_at: now,
});

/** A product's quantity rule in whole ten-thousandths, as the statements below compare sums. */
function unitsRule(rule: ProductRule) {
  return {
    maximum: toQuantityUnits(maximumQuantity(rule)),
    minimum: toQuantityUnits(rule.minimumQuantity),
    step: Math.max(toQuantityUnits(rule.minimumIncrement), 1),
  };
}

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
  db: Kysely<DB>,
  [workspaceId, productId, units, now, maximum, minimum, step]: UnitsArgs,
  room: RawBuilder<boolean> | null,
) {
  return insertCartRow(db, newCartRow(workspaceId, productId, units, now), room)
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'product_id'])
        .doUpdateSet((eb) => ({
          quantity_units: eb('cart_items.quantity_units', '+', eb.ref('excluded.quantity_units')),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where(
          sumFits(sql<number>`(cart_items.quantity_units + excluded.quantity_units)`, maximum, minimum, step),
        ),
    )
    .returning(cartRowColumns);
}

/** workspaceId, productId, units, now, and the rule's maximum, minimum and step (unitsRule). */
type UnitsArgs = [number, number, number, number, number, number, number];

// The shopping list's writes, each compiled once (db/compiled-once.ts): a phone in an aisle sends
// these more than anything else Kete writes.
const addUnitsStatement = compiledStatement((db, ...args: UnitsArgs) => addUnitsQuery(db, args, null));
const addUnitsWithRoomStatement = compiledStatement((db, ...args: UnitsArgs) =>
  addUnitsQuery(db, args, cartHasRoom(args[0], args[1])),
);

/** Answers the new row, or undefined when the rule stopped the sum. */
async function addUnits(
  db: Kysely<DB>,
  workspaceId: number,
  rule: ProductRule,
  units: number,
  now: number,
  checkRoom = false,
): Promise<CartRow | undefined> {
  const { maximum, minimum, step } = unitsRule(rule);
  const statement = checkRoom ? addUnitsWithRoomStatement : addUnitsStatement;
  const { rows } = await statement(db, workspaceId, rule.id, units, now, maximum, minimum, step);
  return rows[0];
}

/**
 * Adds to an item already on the list in one statement, without the workspace's lock: changing a
 * listed item cannot pass the list's cap, so it need not wait for other phones' changes. Most
 * changes in an aisle are these (+1, a new quantity). Answers the changed row, or undefined when
 * none changed (not listed, or the rule stopped the sum), for the capped path to decide.
 */
const addToListedStatement = compiledStatement(
  (
    db,
    workspaceId: number,
    productId: number,
    units: number,
    now: number,
    maximum: number,
    minimum: number,
    step: number,
  ) => {
    const sum = sql<number>`(quantity_units + ${units})`;
    return db
      .updateTable('cart_items')
      .set({ quantity_units: sum, updated_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('product_id', '=', productId)
      .where(sumFits(sum, maximum, minimum, step))
      .returning(cartRowColumns);
  },
);

async function addToListed(
  db: Kysely<DB>,
  workspaceId: number,
  rule: ProductRule,
  units: number,
  now: number,
) {
  const { maximum, minimum, step } = unitsRule(rule);
  const { rows } = await addToListedStatement(db, workspaceId, rule.id, units, now, maximum, minimum, step);
  return rows[0];
}

/** A listed item's new quantity, the 'Any brand' settings left as they are (the usual change). */
const setQuantityStatement = compiledStatement(
  (db, workspaceId: number, productId: number, units: number, now: number) =>
    db
      .updateTable('cart_items')
      .set({ quantity_units: units, updated_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('product_id', '=', productId)
      .returning(cartRowColumns),
);

/** Puts the product on the list at this quantity, or sets it if another phone just did. */
function insertQuantityQuery(
  db: Kysely<DB>,
  workspaceId: number,
  productId: number,
  units: number,
  now: number,
  room: RawBuilder<boolean> | null,
) {
  return insertCartRow(db, newCartRow(workspaceId, productId, units, now), room)
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'product_id']).doUpdateSet((eb) => ({
        quantity_units: eb.ref('excluded.quantity_units'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning(cartRowColumns);
}
const insertQuantityStatement = compiledStatement(
  (db, workspaceId: number, productId: number, units: number, now: number) =>
    insertQuantityQuery(db, workspaceId, productId, units, now, null),
);
const insertQuantityWithRoomStatement = compiledStatement(
  (db, workspaceId: number, productId: number, units: number, now: number) =>
    insertQuantityQuery(db, workspaceId, productId, units, now, cartHasRoom(workspaceId, productId)),
);

const removeStatement = compiledStatement((db, workspaceId: number, productId: number) =>
  db.deleteFrom('cart_items').where('workspace_id', '=', workspaceId).where('product_id', '=', productId),
);

export function cartService(ctx: AppContext) {
  const { db } = ctx;

  async function rows(workspaceId: number, productIds?: number[]): Promise<CartRow[]> {
    let query = db.selectFrom('cart_items').select(cartRowColumns).where('workspace_id', '=', workspaceId);
    if (productIds) query = query.where('product_id', 'in', productIds);
    return query.orderBy('created_at').orderBy('product_id').execute();
  }

  async function itemsOf(workspaceId: number, found: CartRow[], storeIds?: number[]): Promise<CartItem[]> {
    const products = await productsForWorkspace(
      db,
      workspaceId,
      found.map((row) => row.product_id),
      storeIds,
    );
    const byProduct = new Map(found.map((row) => [row.product_id, row]));
    return products.map((product) => {
      const row = byProduct.get(product.id);
      return {
        product,
        quantity: row ? fromQuantityUnits(row.quantity_units) : 0,
        anyBrand: row?.any_brand === 1,
        excludedAlternatives: row ? readExcluded(row.excluded_alternatives) : [],
      };
    });
  }

  const items = async (workspaceId: number, productIds?: number[], storeIds?: number[]) =>
    itemsOf(workspaceId, await rows(workspaceId, productIds), storeIds);

  /** The item as a change answers it; `storeIds` as read with the membership, when the caller has them. */
  async function answerOf(workspaceId: number, row: CartRow, storeIds?: number[]): Promise<CartItem> {
    const [found] = await itemsOf(workspaceId, [row], storeIds);
    if (!found) throw new Error(`cart item ${workspaceId}/${row.product_id} has no product`);
    return found;
  }

  return {
    /**
     * In the order things were first added; products without prices stay, with prices [].
     * `storeIds`: the workspace's stores when the caller has them already (the membership).
     */
    list: (workspaceId: number, storeIds?: number[]) => items(workspaceId, undefined, storeIds),

    /** The list as the GET answer: UTF-8 JSON, the same as last time while nothing it shows changed. */
    async listJson(workspaceId: number, storeIds: number[]): Promise<Buffer> {
      const found = await rows(workspaceId);
      return cartAnswer(db, found, storeIds, async () =>
        writeCart(await itemsOf(workspaceId, found, storeIds)),
      );
    },

    async add(
      workspaceId: number,
      productId: number,
      quantity: number,
      storeIds?: number[],
    ): Promise<CartItem> {
      const rule = await requireProductField(db, productId);
      const units = validQuantityUnits(rule, quantity);
      const now = ctx.clock.now();
      const changed = await addToListed(db, workspaceId, rule, units, now);
      if (changed) return answerOf(workspaceId, changed, storeIds);
      const added = await withinCartCap(db, workspaceId, productId, (writer, checkRoom) =>
        addUnits(writer, workspaceId, rule, units, now, checkRoom),
      );
      if (added === undefined) {
        const current = await db
          .selectFrom('cart_items')
          .select('quantity_units')
          .where('workspace_id', '=', workspaceId)
          .where('product_id', '=', productId)
          .executeTakeFirst();
        const total = fromQuantityUnits((current?.quantity_units ?? 0) + units);
        throw fieldError(
          'quantity',
          quantityError(rule, total) ?? `The most you can add is ${maximumQuantity(rule)}.`,
        );
      }
      // The row as written answers: no read after the commit (on SQLite it would wait for the
      // log's next flush; on PostgreSQL it is one more round trip).
      return answerOf(workspaceId, added, storeIds);
    },

    /**
     * Sets the quantity, putting the product on the list if it was not there, and the 'Any brand'
     * settings named. Without a quantity only the settings change, of an item already listed.
     */
    async set(
      workspaceId: number,
      productId: number,
      quantity: number | undefined,
      settings: AnyBrandSettings = {},
      storeIds?: number[],
    ): Promise<CartItem> {
      const rule = await requireProductField(db, productId);
      const columns = anyBrandColumns(productId, settings);
      const units = quantity === undefined ? undefined : validQuantityUnits(rule, quantity);
      const now = ctx.clock.now();
      // A listed item changes in one statement, without the workspace's lock (see addToListed).
      const onlyQuantity = units !== undefined && Object.keys(columns).length === 0;
      const changed = onlyQuantity
        ? (await setQuantityStatement(db, workspaceId, productId, units, now)).rows[0]
        : await db
            .updateTable('cart_items')
            .set({ ...columns, ...(units === undefined ? {} : { quantity_units: units }), updated_at: now })
            .where('workspace_id', '=', workspaceId)
            .where('product_id', '=', productId)
            .returning(cartRowColumns)
            .executeTakeFirst();
      if (changed) return answerOf(workspaceId, changed, storeIds);
      // Only the settings of an item that is not listed: there is nothing to change.
      if (units === undefined) throw fieldError('quantity', 'Enter the quantity as a number.');
      const written = await withinCartCap(db, workspaceId, productId, async (writer, checkRoom) => {
        if (onlyQuantity) {
          const statement = checkRoom ? insertQuantityWithRoomStatement : insertQuantityStatement;
          const { rows } = await statement(writer, workspaceId, productId, units, now);
          if (rows[0]) return rows[0];
          throw new Error(`cart item ${workspaceId}/${productId} was not written`);
        }
        const row = { ...newCartRow(workspaceId, productId, units, now), ...columns };
        return insertCartRow(writer, row, checkRoom ? cartHasRoom(workspaceId, productId) : null)
          .onConflict((oc) =>
            oc
              .columns(['workspace_id', 'product_id'])
              .doUpdateSet({ quantity_units: units, updated_at: now, ...columns }),
          )
          .returning(cartRowColumns)
          .executeTakeFirstOrThrow();
      });
      return answerOf(workspaceId, written, storeIds);
    },

    async remove(workspaceId: number, productId: number): Promise<void> {
      await removeStatement(db, workspaceId, productId);
    },

    /**
     * Every product of the list at its minimumQuantity, merged with what is on the shopping list,
     * all or nothing. A product already at its maximum stays there.
     */
    async addList(workspaceId: number, listId: number): Promise<CartItem[]> {
      await requireList(db, workspaceId, listId);
      const now = ctx.clock.now();
      await db.transaction().execute(async (trx) => {
        await lockWorkspace(trx, workspaceId);
        const rules = await trx
          .selectFrom('list_items as li')
          .innerJoin('products as p', 'p.id', 'li.product_id')
          .select([
            'p.id',
            'p.sale_type as saleType',
            'p.minimum_quantity as minimumQuantity',
            'p.minimum_increment as minimumIncrement',
          ])
          .where('li.list_id', '=', listId)
          .orderBy('li.created_at')
          .orderBy('li.product_id')
          .execute();
        // All or nothing: the products not yet on the shopping list must fit under its cap.
        const onList = await trx
          .selectFrom('cart_items')
          .select('product_id')
          .where('workspace_id', '=', workspaceId)
          .execute();
        const present = new Set(onList.map((row) => row.product_id));
        const adding = rules.filter((rule) => !present.has(rule.id)).length;
        if (adding > 0) await assertRoom(trx, { ...caps.cartItem(workspaceId), field: 'listId' }, adding);
        for (const rule of rules) {
          const units = Math.max(toQuantityUnits(rule.minimumQuantity), 1);
          await addUnits(trx, workspaceId, rule, units, now);
        }
      });
      return items(workspaceId);
    },
  };
}

export type CartService = ReturnType<typeof cartService>;

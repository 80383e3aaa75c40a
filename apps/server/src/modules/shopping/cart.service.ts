// The shared shopping list. Quantities are stored as whole ten-thousandths so that adds from two
// phones at once are summed exactly by one atomic upsert, on SQLite and PostgreSQL alike.
import {
  type CartItem,
  fromQuantityUnits,
  maximumQuantity,
  quantityError,
  toQuantityUnits,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { dialectOf } from '../../db/database.js';
import { fieldError } from '../../lib/http-error.js';
import { type CartRow, cartAnswer, listKeyInDatabase, listKeyOf, writeCart } from './cart-answer.js';
import { type AnyBrandSettings, anyBrandColumns, readExcluded } from './cart-any-brand.js';
import { cartRowColumns, removeStatement } from './cart-statements.js';
import { addToCart, listAt, setListedItem } from './cart-writes.js';
import { type ProductRule, productsForWorkspace, requireProductField } from './catalogue-lookup.js';
import { addListToCart } from './list-to-cart.js';
import { requireList } from './lists.service.js';

function validQuantityUnits(rule: ProductRule, quantity: number): number {
  const error = quantityError(rule, quantity);
  if (error) throw fieldError('quantity', error);
  return toQuantityUnits(quantity);
}

/** The list's rows differed from the key read just before them (cart.service.ts listJson). */
const LIST_CHANGED = new Error('the shopping list changed between its two reads');

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
      const answerFrom = (found: CartRow[]) =>
        cartAnswer(db, listKeyOf(found), storeIds, async () =>
          writeCart(await itemsOf(workspaceId, found, storeIds)),
        );
      if (dialectOf(db) === 'sqlite') return answerFrom(await rows(workspaceId));
      // PostgreSQL: the key alone first; the rows only when the answer is not kept.
      const listed = (await listKeyInDatabase(db, workspaceId)).rows[0]?.list ?? '';
      let changed: CartRow[] | undefined;
      try {
        return await cartAnswer(db, listed, storeIds, async () => {
          const found = await rows(workspaceId);
          if (listKeyOf(found) === listed) return writeCart(await itemsOf(workspaceId, found, storeIds));
          changed = found;
          throw LIST_CHANGED;
        });
      } catch (error) {
        if (error !== LIST_CHANGED || !changed) throw error;
        // Another phone changed the list between the two reads: the newer list, under its own key.
        return answerFrom(changed);
      }
    },

    async add(
      workspaceId: number,
      productId: number,
      quantity: number,
      storeIds?: number[],
      /** Who added it, written with the change (cart-statements.ts changedByOf); null: nobody named. */
      changedBy: number | null = null,
    ): Promise<CartItem> {
      const rule = await requireProductField(db, productId);
      const units = validQuantityUnits(rule, quantity);
      const now = ctx.clock.now();
      const added = await addToCart(db, workspaceId, rule, units, now, changedBy);
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
      madeAt?: number,
      /** Who set it, written with the change; null: nobody named. */
      changedBy: number | null = null,
    ): Promise<CartItem> {
      const rule = await requireProductField(db, productId);
      const columns = anyBrandColumns(productId, settings);
      const units = quantity === undefined ? undefined : validQuantityUnits(rule, quantity);
      // A change replayed from offline is written as made when the shopper made it (stale-set-guard.ts).
      const now = madeAt ?? ctx.clock.now();
      const changed = await setListedItem(db, workspaceId, productId, units, columns, now, changedBy);
      if (changed) return answerOf(workspaceId, changed, storeIds);
      // Only the settings of an item that is not listed: there is nothing to change.
      if (units === undefined) throw fieldError('quantity', 'Enter the quantity as a number.');
      const listed = await listAt(db, workspaceId, productId, units, columns, now, changedBy);
      return answerOf(workspaceId, listed, storeIds);
    },

    /**
     * Who made the change just written to a whole list's items (issue 49: an offline set is
     * refused only over someone else's later change, and names them). A second statement after the
     * write: a member's change in the milliseconds between may be credited to this one. An add or a
     * set names its changer in its own statement (`changedBy`).
     */
    async markChangedBy(workspaceId: number, changed: number[] | { listId: number }, userId: number) {
      if (Array.isArray(changed) && changed.length === 0) return;
      await db
        .updateTable('cart_items')
        .set({ updated_by: userId })
        .where('workspace_id', '=', workspaceId)
        .where(
          'product_id',
          'in',
          Array.isArray(changed)
            ? changed
            : db.selectFrom('list_items').select('product_id').where('list_id', '=', changed.listId),
        )
        .execute();
    },

    async remove(workspaceId: number, productId: number): Promise<void> {
      await removeStatement(db, workspaceId, productId);
    },

    /**
     * Every product of the list at its minimumQuantity, merged with what is on the shopping list,
     * all or nothing, in one statement (list-to-cart.ts). A product already at its maximum stays there.
     */
    async addList(workspaceId: number, listId: number): Promise<CartItem[]> {
      await requireList(db, workspaceId, listId);
      await addListToCart(db, workspaceId, listId, ctx.clock.now());
      return items(workspaceId);
    },
  };
}

export type CartService = ReturnType<typeof cartService>;

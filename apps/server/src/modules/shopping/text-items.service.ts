// Free-text items (issue 49 item 2) on the shopping list and on named lists: written text and a
// count, no product. Writing the same text again (any case) adds to its count, as adding a
// product twice does; counts stop at TEXT_ITEM_MAX_QUANTITY. Both lists' caps count them.
import {
  type CartItem,
  cleanItemText,
  TEXT_ITEM_MAX_QUANTITY,
  type TextItem,
  type TextItemUpdate,
  textItemMessages,
} from '@kete/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { caps, withinCap } from '../limits/workspace-caps.js';
import { cartService } from './cart.service.js';
import { requireProductField } from './catalogue-lookup.js';
import { requireList } from './lists.service.js';

const columns = ['id', 'text', 'quantity'] as const;
const sameText = (text: string) => cleanItemText(text).toLocaleLowerCase('en-NZ');
const summed = (a: number, b: number) => Math.min(TEXT_ITEM_MAX_QUANTITY, a + b);

const found = <T>(row: T | undefined): T => {
  if (!row) throw notFound(textItemMessages.notFound);
  return row;
};

/** The quantity of a product chosen for a written item: its count when the product is sold by count. */
function productQuantity(rule: { minimumQuantity: number; minimumIncrement: number }, count: number) {
  return rule.minimumIncrement === 1 && rule.minimumQuantity <= count ? count : rule.minimumQuantity;
}

export function textItemsService(ctx: AppContext) {
  const { db } = ctx;
  const cart = cartService(ctx);

  const inCart = (trx: Kysely<DB>, workspaceId: number) =>
    trx
      .selectFrom('cart_text_items')
      .select([...columns, 'created_at'])
      .where('workspace_id', '=', workspaceId);
  const inList = (trx: Kysely<DB>, listId: number) =>
    trx
      .selectFrom('list_text_items')
      .select([...columns, 'created_at'])
      .where('list_id', '=', listId);
  const answer = ({ id, text, quantity }: TextItem): TextItem => ({ id, text, quantity });

  return {
    async cart(workspaceId: number): Promise<TextItem[]> {
      return (await inCart(db, workspaceId).orderBy('created_at').orderBy('id').execute()).map(answer);
    },

    /** Adds to the shopping list (or to the count of the same text there), within its cap. */
    addToCart(workspaceId: number, text: string, quantity = 1): Promise<TextItem> {
      return withinCap(db, workspaceId, caps.cartTextItem(workspaceId), async (trx) => {
        const now = ctx.clock.now();
        const listed = (await inCart(trx, workspaceId).execute()).find(
          (row) => sameText(row.text) === sameText(text),
        );
        if (listed) {
          return trx
            .updateTable('cart_text_items')
            .set({ quantity: summed(listed.quantity, quantity), updated_at: now })
            .where('id', '=', listed.id)
            .returning(columns)
            .executeTakeFirstOrThrow();
        }
        return trx
          .insertInto('cart_text_items')
          .values({ workspace_id: workspaceId, text, quantity, created_at: now, updated_at: now })
          .returning(columns)
          .executeTakeFirstOrThrow();
      });
    },

    async updateInCart(workspaceId: number, id: number, change: TextItemUpdate): Promise<TextItem> {
      return found(
        await db
          .updateTable('cart_text_items')
          .set({ ...change, updated_at: ctx.clock.now() })
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirst(),
      );
    },

    /** Ticked off or taken off: gone either way, so a second removal (a replay) is no error. */
    async removeFromCart(workspaceId: number, id: number): Promise<void> {
      await db
        .deleteFrom('cart_text_items')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute();
    },

    /** 'Choose a product': the written item becomes that product on the list. */
    async matchProduct(
      workspaceId: number,
      id: number,
      productId: number,
      storeIds?: number[],
    ): Promise<CartItem> {
      const item = found(await inCart(db, workspaceId).where('id', '=', id).executeTakeFirst());
      const rule = await requireProductField(db, productId);
      const added = await cart.add(workspaceId, productId, productQuantity(rule, item.quantity), storeIds);
      await db.deleteFrom('cart_text_items').where('id', '=', id).execute();
      return added;
    },

    async list(workspaceId: number, listId: number): Promise<TextItem[]> {
      await requireList(db, workspaceId, listId);
      return (await inList(db, listId).orderBy('created_at').orderBy('id').execute()).map(answer);
    },

    async addToList(workspaceId: number, listId: number, text: string, quantity = 1): Promise<TextItem> {
      await requireList(db, workspaceId, listId);
      return withinCap(db, workspaceId, caps.listItem(listId, undefined, 'text'), async (trx) => {
        const listed = (await inList(trx, listId).execute()).find(
          (row) => sameText(row.text) === sameText(text),
        );
        if (listed) {
          return trx
            .updateTable('list_text_items')
            .set({ quantity: summed(listed.quantity, quantity) })
            .where('id', '=', listed.id)
            .returning(columns)
            .executeTakeFirstOrThrow();
        }
        return trx
          .insertInto('list_text_items')
          .values({ list_id: listId, text, quantity, created_at: ctx.clock.now() })
          .returning(columns)
          .executeTakeFirstOrThrow();
      });
    },

    async updateInList(
      workspaceId: number,
      listId: number,
      id: number,
      change: TextItemUpdate,
    ): Promise<TextItem> {
      await requireList(db, workspaceId, listId);
      if (change.text === undefined && change.quantity === undefined)
        return answer(found(await inList(db, listId).where('id', '=', id).executeTakeFirst()));
      return found(
        await db
          .updateTable('list_text_items')
          .set(change)
          .where('list_id', '=', listId)
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirst(),
      );
    },

    async removeFromList(workspaceId: number, listId: number, id: number): Promise<void> {
      await requireList(db, workspaceId, listId);
      await db.deleteFrom('list_text_items').where('list_id', '=', listId).where('id', '=', id).execute();
    },

    /** A named list put on the shopping list brings its written items too (issue 49). */
    async listToCart(workspaceId: number, listId: number): Promise<void> {
      for (const item of await inList(db, listId).orderBy('created_at').orderBy('id').execute()) {
        await this.addToCart(workspaceId, item.text, item.quantity);
      }
    },
  };
}

export type TextItemsService = ReturnType<typeof textItemsService>;

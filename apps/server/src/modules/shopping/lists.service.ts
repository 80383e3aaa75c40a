// Named lists of a workspace: a name unique within the workspace (ignoring case) and a set of
// products. Every query is scoped by workspace, so a list id from another household is unknown.
import { compareByName, type ListSummary, type Product } from '@kete/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { caps, withinCap } from '../limits/workspace-caps.js';
import { productsForWorkspace, requireProduct, requireProductField } from './catalogue-lookup.js';
import { isUniqueViolation } from './db-errors.js';

export const listMessages = {
  unknownList: 'That list does not exist.',
  duplicateName: (name: string) => `There is already a list called "${name}".`,
};

/** The key names are compared by: "  Party " and "party" are the same list name. */
export const listNameKey = (name: string) => name.trim().toLocaleLowerCase('en-NZ');

export async function requireList(db: Kysely<DB>, workspaceId: number, listId: number): Promise<ListSummary> {
  const list = await db
    .selectFrom('lists')
    .select(['id', 'name'])
    .where('id', '=', listId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!list) throw notFound(listMessages.unknownList);
  return list;
}

/**
 * A list's number of lines, as a column of a query on `lists` (issue 37 item 8): its products and
 * the items written in with no product (issue 49 item 2), each one line whatever its quantity.
 */
export const itemCountOf = (eb: ExpressionBuilder<DB, 'lists'>) =>
  eb(
    eb
      .selectFrom('list_items')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .whereRef('list_items.list_id', '=', 'lists.id'),
    '+',
    eb
      .selectFrom('list_text_items')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .whereRef('list_text_items.list_id', '=', 'lists.id'),
  ).as('itemCount');

/** PostgreSQL counts in bigint, which its driver hands over as a string. */
export const summaryOf = (row: {
  id: number;
  name: string;
  itemCount: number | string | null;
}): ListSummary => ({
  id: row.id,
  name: row.name,
  itemCount: Number(row.itemCount ?? 0),
});

/** Sorted by name for people, not by code point ("apples" before "Bananas"); ties by id. */
export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  compareByName(a, b) || a.id - b.id;

export function listsService(ctx: AppContext) {
  const { db } = ctx;

  async function assertNameFree(workspaceId: number, name: string, exceptListId?: number) {
    let query = db
      .selectFrom('lists')
      .select('name')
      .where('workspace_id', '=', workspaceId)
      .where('name_key', '=', listNameKey(name));
    if (exceptListId !== undefined) query = query.where('id', '!=', exceptListId);
    const clash = await query.executeTakeFirst();
    if (clash) throw fieldError('name', listMessages.duplicateName(clash.name));
  }

  /** A concurrent create or rename can still win the race; the unique index has the last word. */
  async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', listMessages.duplicateName(name));
      throw error;
    }
  }

  return {
    async summaries(workspaceId: number): Promise<ListSummary[]> {
      const rows = await db
        .selectFrom('lists')
        .select(['id', 'name', itemCountOf])
        .where('workspace_id', '=', workspaceId)
        .execute();
      return rows.map(summaryOf).sort(byName);
    },

    async create(workspaceId: number, name: string, productId?: number): Promise<ListSummary> {
      if (productId !== undefined) await requireProductField(db, productId);
      await assertNameFree(workspaceId, name);
      const now = ctx.clock.now();
      return guardName(name, () =>
        withinCap(db, workspaceId, caps.list(workspaceId), async (trx) => {
          const list = await trx
            .insertInto('lists')
            .values({ workspace_id: workspaceId, name, name_key: listNameKey(name), created_at: now })
            .returning(['id', 'name'])
            .executeTakeFirstOrThrow();
          if (productId === undefined) return { ...list, itemCount: 0 };
          await trx
            .insertInto('list_items')
            .values({ list_id: list.id, product_id: productId, created_at: now })
            .execute();
          return { ...list, itemCount: 1 };
        }),
      );
    },

    async rename(workspaceId: number, listId: number, name: string): Promise<ListSummary> {
      await requireList(db, workspaceId, listId);
      await assertNameFree(workspaceId, name, listId);
      await guardName(name, () =>
        db
          .updateTable('lists')
          .set({ name, name_key: listNameKey(name) })
          .where('id', '=', listId)
          .where('workspace_id', '=', workspaceId)
          .execute(),
      );
      const { itemCount } = await db
        .selectFrom('lists')
        .select(itemCountOf)
        .where('id', '=', listId)
        .executeTakeFirstOrThrow();
      return { id: listId, name, itemCount: Number(itemCount) };
    },

    /** The list and its items (list_items cascade with the list). */
    async remove(workspaceId: number, listId: number): Promise<void> {
      await requireList(db, workspaceId, listId);
      await db.deleteFrom('lists').where('id', '=', listId).where('workspace_id', '=', workspaceId).execute();
    },

    /** Its products in the order they were added, priced at the workspace's stores. */
    async products(workspaceId: number, listId: number): Promise<Product[]> {
      await requireList(db, workspaceId, listId);
      const rows = await db
        .selectFrom('list_items')
        .select('product_id')
        .where('list_id', '=', listId)
        .orderBy('created_at')
        .orderBy('product_id')
        .execute();
      return productsForWorkspace(
        db,
        workspaceId,
        rows.map((row) => row.product_id),
      );
    },

    /** Adding a product the list already holds changes nothing. */
    async addProduct(workspaceId: number, listId: number, productId: number): Promise<void> {
      await requireList(db, workspaceId, listId);
      await requireProduct(db, productId);
      await withinCap(db, workspaceId, caps.listItem(listId, productId), (trx) =>
        trx
          .insertInto('list_items')
          .values({ list_id: listId, product_id: productId, created_at: ctx.clock.now() })
          .onConflict((oc) => oc.columns(['list_id', 'product_id']).doNothing())
          .execute(),
      );
    },

    async removeProduct(workspaceId: number, listId: number, productId: number): Promise<void> {
      await requireList(db, workspaceId, listId);
      await db
        .deleteFrom('list_items')
        .where('list_id', '=', listId)
        .where('product_id', '=', productId)
        .execute();
    },
  };
}

export type ListsService = ReturnType<typeof listsService>;

// Workspace caps (packages/shared/src/limits.ts), checked and written in one transaction that
// first takes the workspace's write lock, so parallel adds from several phones or processes
// cannot each see room for the last slot. On PostgreSQL a no-op UPDATE of the workspace row is
// that lock (a row lock); on SQLite the transaction holds the database's write lock already.
// The shopping list, the cap written to most, has its check inside the insert on PostgreSQL
// (withinCartCap).
import { limitMessages, type WorkspaceLimit, workspaceLimits } from '@kete/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { compiledStatement } from '../../db/compiled-once.js';
import { dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { fieldError } from '../../lib/http-error.js';

export interface Cap {
  limit: WorkspaceLimit;
  /** The request field the 400 names (errors.<field>.message). */
  field: string;
  /** Rows the cap counts, leaving out the one being written (re-adding it is always allowed). */
  count(trx: Kysely<DB>): Promise<number>;
}

const n = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

export async function lockWorkspace(trx: Kysely<DB>, workspaceId: number): Promise<void> {
  // On SQLite every write transaction already holds the database's write lock from its start
  // (db/sqlite-group-commit.ts: begin immediate, one caller at a time): nothing to add.
  if (dialectOf(trx) === 'sqlite') return;
  await trx
    .updateTable('workspaces')
    .set((eb) => ({ owner_user_id: eb.ref('owner_user_id') }))
    .where('id', '=', workspaceId)
    .execute();
}

/** Runs `write` only if the cap leaves room, under the workspace's lock; 400 on `field` if not. */
export function withinCap<T>(
  db: Kysely<DB>,
  workspaceId: number,
  cap: Cap,
  write: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspaceId);
    await assertRoom(trx, cap);
    return write(trx);
  });
}

/** The shopping list's cap: its limit, and the field its 400 names. */
const CART_CAP = { limit: 'cartItems', field: 'productId' } as const;

/** What kete_cart_has_room raises when the shopping list is full (cart-room.migration.ts). */
const CART_FULL = 'KTCAP';

/**
 * The condition an INSERT ... SELECT of a new shopping-list row carries on PostgreSQL: takes the
 * workspace's lock and counts the list's other rows (kete_cart_has_room), raising KTCAP if full.
 */
export const cartHasRoom = (workspaceId: number, productId: number): RawBuilder<boolean> =>
  sql<boolean>`kete_cart_has_room(${workspaceId}, ${productId}, ${workspaceLimits.cartItems})`;

/**
 * Runs `write`, a new row for the shopping list, only if the list has room; 400 on productId if
 * not. On PostgreSQL `write` is told to put cartHasRoom on its INSERT ... SELECT (`checkRoom`):
 * the workspace's lock and the count happen in that one statement, one round trip instead of
 * withinCap's five. On SQLite it runs inside withinCap (no round trips there), without it.
 */
export async function withinCartCap<T>(
  db: Kysely<DB>,
  workspaceId: number,
  productId: number,
  write: (db: Kysely<DB>, checkRoom: boolean) => Promise<T>,
): Promise<T> {
  if (dialectOf(db) === 'sqlite') {
    return withinCap(db, workspaceId, caps.cartItem(workspaceId, productId), (trx) => write(trx, false));
  }
  return answeringCartFull(() => write(db, true));
}

/** Runs a PostgreSQL statement that carries cartHasRoom: a full list is the cap's 400 on productId. */
export async function answeringCartFull<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === CART_FULL) {
      throw fieldError(CART_CAP.field, limitMessages[CART_CAP.limit]);
    }
    throw error;
  }
}

/** For callers already inside a transaction that holds the workspace lock. */
export async function assertRoom(trx: Kysely<DB>, cap: Cap, adding = 1): Promise<void> {
  if ((await cap.count(trx)) + adding > workspaceLimits[cap.limit]) {
    throw fieldError(cap.field, limitMessages[cap.limit]);
  }
}

// Counted inside every new item's transaction on SQLite: compiled once (db/compiled-once.ts).
// Free-text items (issue 49) count as items of the list like products do.
const textItemsOf = (trx: Kysely<DB>, workspaceId: number) =>
  trx
    .selectFrom('cart_text_items')
    .select((eb) => eb.fn.countAll<number>().as('t'))
    .where('workspace_id', '=', workspaceId);
const countCartItems = compiledStatement((trx, workspaceId: number) =>
  trx
    .selectFrom('cart_items')
    .select((eb) => eb(eb.fn.countAll<number>(), '+', textItemsOf(trx, workspaceId)).as('n'))
    .where('workspace_id', '=', workspaceId),
);
const countOtherCartItems = compiledStatement((trx, workspaceId: number, productId: number) =>
  trx
    .selectFrom('cart_items')
    .select((eb) => eb(eb.fn.countAll<number>(), '+', textItemsOf(trx, workspaceId)).as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('product_id', '!=', productId),
);

export const caps = {
  cartItem: (workspaceId: number, productId?: number): Cap => ({
    ...CART_CAP,
    count: async (trx) =>
      n(
        productId === undefined
          ? (await countCartItems(trx, workspaceId)).rows[0]
          : (await countOtherCartItems(trx, workspaceId, productId)).rows[0],
      ),
  }),

  favourite: (workspaceId: number, productId: number): Cap => ({
    limit: 'favourites',
    field: 'productId',
    count: async (trx) =>
      n(
        await trx
          .selectFrom('favourites')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .where('product_id', '!=', productId)
          .executeTakeFirst(),
      ),
  }),

  /** `productId` undefined: a free-text item is being written (issue 49); they count too. */
  listItem: (listId: number, productId?: number, field = 'productId'): Cap => ({
    limit: 'listItems',
    field,
    count: async (trx) =>
      n(
        await trx
          .selectFrom('list_items')
          .select((eb) =>
            eb(
              eb.fn.countAll<number>(),
              '+',
              trx
                .selectFrom('list_text_items')
                .select((t) => t.fn.countAll<number>().as('t'))
                .where('list_id', '=', listId),
            ).as('n'),
          )
          .where('list_id', '=', listId)
          .where('product_id', '!=', productId ?? 0)
          .executeTakeFirst(),
      ),
  }),

  /** The shopping list's cap as a free-text item meets it: products and written items together. */
  cartTextItem: (workspaceId: number): Cap => ({
    limit: 'cartItems',
    field: 'text',
    count: async (trx) => n((await countCartItems(trx, workspaceId)).rows[0]),
  }),

  list: (workspaceId: number): Cap => ({
    limit: 'lists',
    field: 'name',
    count: async (trx) =>
      n(
        await trx
          .selectFrom('lists')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst(),
      ),
  }),

  store: (workspaceId: number, storeId: number): Cap => ({
    limit: 'stores',
    field: 'storeId',
    count: async (trx) =>
      n(
        await trx
          .selectFrom('workspace_stores')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .where('store_id', '!=', storeId)
          .executeTakeFirst(),
      ),
  }),

  accessGrant: (workspaceId: number): Cap => ({
    limit: 'accessGrants',
    field: 'email',
    count: async (trx) =>
      n(
        await trx
          .selectFrom('access_grants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst(),
      ),
  }),
};

// Every workspace cap answers a clear 400 in the spec's error shape at its limit, on both
// databases; removing one makes room again; parallel adds cannot pass a cap.
import { limitMessages, workspaceLimits } from '@kete/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { findProducts } from '../products/product-shape.js';
import { createProduct } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';

let t: TestApp;
let owner: Shopper;
let products: number[];

/** Many products in a few statements (one insert each would make the test slow on PostgreSQL). */
async function createProducts(db: Kysely<DB>, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 200) {
    const rows = Array.from({ length: Math.min(200, count - start) }, (_, i) => ({
      name: `Capped product ${start + i}`,
      brand: 'Cap',
      display_units: '1ea',
      sale_type: 0,
      minimum_quantity: 1,
      minimum_increment: 1,
      image_url: null,
      category: null,
      created_at: 0,
      updated_at: 0,
      withdrawn_at: null,
    }));
    const inserted = await db.insertInto('products').values(rows).returning('id').execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

function expectCapError(res: { statusCode: number; json(): unknown }, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message, errors: { [field]: { message } } });
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInShopper(t, 'capped@example.com');
  products = await createProducts(t.ctx.db, 505);
});
afterAll(() => t.close());

const count = async (table: 'cart_items' | 'favourites' | 'lists' | 'workspace_stores' | 'access_grants') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', owner.workspaceId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('workspace caps', () => {
  it(`stops the shopping list at ${workspaceLimits.cartItems} products, still lets those change`, async () => {
    const full = products.slice(0, workspaceLimits.cartItems);
    await t.ctx.db
      .insertInto('cart_items')
      .values(
        full.slice(1).map((product_id) => ({
          workspace_id: owner.workspaceId,
          product_id,
          quantity_units: 10_000,
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
    expect((await owner.api('POST', '/cart', { productId: full[0], quantity: 1 })).statusCode).toBe(200);
    expectCapError(
      await owner.api('POST', '/cart', { productId: products[500], quantity: 1 }),
      'productId',
      limitMessages.cartItems,
    );
    expectCapError(
      await owner.api('PUT', '/cart', { productId: products[501], quantity: 1 }),
      'productId',
      limitMessages.cartItems,
    );
    // Products already on it can still be changed at the cap.
    expect((await owner.api('PUT', '/cart', { productId: full[0], quantity: 3 })).statusCode).toBe(200);
    expect((await owner.api('POST', '/cart', { productId: full[1], quantity: 1 })).statusCode).toBe(200);
    expect(await count('cart_items')).toBe(workspaceLimits.cartItems);
    expect((await owner.api('DELETE', `/cart/${full[0]}`)).statusCode).toBe(204);
    expect((await owner.api('POST', '/cart', { productId: products[500], quantity: 1 })).statusCode).toBe(
      200,
    );
  });

  it('parallel adds cannot pass the cap', async () => {
    await t.ctx.db
      .deleteFrom('cart_items')
      .where('product_id', '=', products[500] as number)
      .execute();
    const racers = products.slice(500, 505);
    const answers = await Promise.all(
      racers.map((productId) => owner.api('POST', '/cart', { productId, quantity: 1 })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(await count('cart_items')).toBe(workspaceLimits.cartItems);
  });

  it(`adding a list to a nearly full shopping list is all or nothing`, async () => {
    const created = await owner.api('POST', '/lists', { name: 'Overflow', productId: products[502] });
    const listId = created.json().id;
    expect((await owner.api('POST', `/lists/${listId}/${products[503]}`)).statusCode).toBe(204);
    await t.ctx.db
      .deleteFrom('cart_items')
      .where('product_id', '=', products[0] as number)
      .execute();
    // One slot free, two new products on the list.
    const before = await count('cart_items');
    expectCapError(await owner.api('POST', `/lists/${listId}/cart`), 'listId', limitMessages.cartItems);
    expect(await count('cart_items')).toBe(before);
  });

  it(`stops favourites at ${workspaceLimits.favourites}`, async () => {
    await t.ctx.db
      .insertInto('favourites')
      .values(
        products
          .slice(0, workspaceLimits.favourites)
          .map((product_id) => ({ workspace_id: owner.workspaceId, product_id, created_at: 0 })),
      )
      .execute();
    expectCapError(
      await owner.api('POST', `/favourites/${products[500]}`),
      'productId',
      limitMessages.favourites,
    );
    // Favouriting one already there stays idempotent.
    expect((await owner.api('POST', `/favourites/${products[3]}`)).statusCode).toBe(200);
  });

  it(`stops one list at ${workspaceLimits.listItems} products`, async () => {
    const created = await owner.api('POST', '/lists', { name: 'Big shop', productId: products[0] });
    const listId = created.json().id as number;
    await t.ctx.db
      .insertInto('list_items')
      .values(
        products
          .slice(1, workspaceLimits.listItems)
          .map((product_id) => ({ list_id: listId, product_id, created_at: 0 })),
      )
      .execute();
    expectCapError(
      await owner.api('POST', `/lists/${listId}/${products[500]}`),
      'productId',
      limitMessages.listItems,
    );
    expect((await owner.api('POST', `/lists/${listId}/${products[7]}`)).statusCode).toBe(204);
    // The answer stays bounded: 500 products priced at the workspace's stores.
    expect((await owner.api('GET', `/lists/${listId}`)).json()).toHaveLength(workspaceLimits.listItems);
  });

  it(`stops lists at ${workspaceLimits.lists}`, async () => {
    const existing = await count('lists');
    await t.ctx.db
      .insertInto('lists')
      .values(
        Array.from({ length: workspaceLimits.lists - existing }, (_, i) => ({
          workspace_id: owner.workspaceId,
          name: `List ${i}`,
          name_key: `list ${i}`,
          created_at: 0,
        })),
      )
      .execute();
    expectCapError(
      await owner.api('POST', '/lists', { name: 'One too many', productId: products[0] }),
      'name',
      limitMessages.lists,
    );
    expect(await count('lists')).toBe(workspaceLimits.lists);
  });

  it(`stops stores at ${workspaceLimits.stores}`, async () => {
    const stores = await t.ctx.db.selectFrom('stores').select('id').orderBy('id').limit(21).execute();
    await t.ctx.db
      .insertInto('workspace_stores')
      .values(
        stores
          .slice(0, workspaceLimits.stores)
          .map((s) => ({ workspace_id: owner.workspaceId, store_id: s.id, created_at: 0 })),
      )
      .execute();
    expectCapError(await owner.api('POST', `/stores/${stores[20]?.id}`), 'storeId', limitMessages.stores);
    expect((await owner.api('POST', `/stores/${stores[0]?.id}`)).statusCode).toBe(200);
    expect(await count('workspace_stores')).toBe(workspaceLimits.stores);
  });

  it(`stops access grants at ${workspaceLimits.accessGrants}`, async () => {
    await t.ctx.db
      .insertInto('access_grants')
      .values(
        Array.from({ length: workspaceLimits.accessGrants }, (_, i) => ({
          workspace_id: owner.workspaceId,
          email: `guest${i}@example.com`,
          granted_by_user_id: owner.userId,
          created_at: 0,
        })),
      )
      .execute();
    expectCapError(
      await owner.api('POST', '/access', { email: 'one-more@example.com' }),
      'email',
      limitMessages.accessGrants,
    );
    expect(await count('access_grants')).toBe(workspaceLimits.accessGrants);
  });
});

describe('pricing many products at many stores', () => {
  it('slices the ids so no statement passes the database variable limit', async () => {
    const milk = await createProduct(t.ctx.db, { name: 'Sliced milk' });
    // 70,000 ids: one statement would bind more values than SQLite (32,766) or PostgreSQL (65,535) allow.
    const ids = [...Array.from({ length: 70_000 }, (_, i) => 10_000_000 + i), milk];
    const stores = await t.ctx.db.selectFrom('stores').select('id').execute();
    const found = await findProducts(
      t.ctx.db,
      ids,
      stores.map((s) => s.id),
    );
    expect(found.map((p) => p.name)).toEqual(['Sliced milk']);
  });
});

// The shopping list's answer is kept between reads (cart-answer.ts), yet every read shows the list
// and prices as they are now: whoever changed them, however.
import { ZCart } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/database.js';
import { catalogueChangedHere } from '../../lib/catalogue-cache.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { cartService } from './cart.service.js';
import { listKeyInDatabase, listKeyOf } from './cart-answer.js';
import { addWorkspaceStore, createProduct, setPrice } from './test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from './test/household.js';

let t: TestApp;
let aroha: Shopper;
let milk: number;
let bread: number;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  milk = await createProduct(t.ctx.db, { name: 'Milk 2L' });
  bread = await createProduct(t.ctx.db, { name: 'Bread' });
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 1);
  await setPrice(t.ctx.db, milk, 1, 450);
  await setPrice(t.ctx.db, milk, 2, 399);
  await setPrice(t.ctx.db, bread, 1, 300);
  await aroha.api('POST', '/cart', { productId: milk, quantity: 1 });
  await aroha.api('POST', '/cart', { productId: bread, quantity: 1 });
});
afterAll(() => t.close());

async function read() {
  const res = await aroha.api('GET', '/cart');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return { text: res.body, items: ZCart.parse(res.json()) };
}

const line = (items: Awaited<ReturnType<typeof read>>['items'], id: number) =>
  items.find((item) => item.product.id === id);

describe('reading the shopping list again', () => {
  it('answers the same list the same way while nothing changed', async () => {
    const first = await read();
    expect(first.items.map((item) => item.product.id)).toEqual([milk, bread]);
    expect((await read()).text).toBe(first.text);
  });

  it('shows a change made straight in the database, as another server process or program would', async () => {
    await read();
    await t.ctx.db
      .updateTable('cart_items')
      .set({ quantity_units: 30_000 })
      .where('workspace_id', '=', aroha.workspaceId)
      .where('product_id', '=', milk)
      .execute();
    expect(line((await read()).items, milk)?.quantity).toBe(3);
    await t.ctx.db
      .deleteFrom('cart_items')
      .where('workspace_id', '=', aroha.workspaceId)
      .where('product_id', '=', bread)
      .execute();
    expect((await read()).items.map((item) => item.product.id)).toEqual([milk]);
  });

  it('spells the list in the database exactly as the server does (the kept answer is found by it)', async () => {
    await aroha.api('POST', '/cart', { productId: bread, quantity: 2 });
    await t.ctx.db
      .updateTable('cart_items')
      .set({ any_brand: 1, excluded_alternatives: JSON.stringify([milk]) })
      .where('workspace_id', '=', aroha.workspaceId)
      .where('product_id', '=', bread)
      .execute();
    const rows = await t.ctx.db
      .selectFrom('cart_items')
      .select(['product_id', 'quantity_units', 'any_brand', 'excluded_alternatives'])
      .where('workspace_id', '=', aroha.workspaceId)
      .orderBy('created_at')
      .orderBy('product_id')
      .execute();
    expect(rows).toHaveLength(2);
    const spelled = (await listKeyInDatabase(t.ctx.db, aroha.workspaceId)).rows[0]?.list;
    expect(spelled).toBe(listKeyOf(rows));
    expect(spelled).toContain(`${bread}:20000:1:[${milk}]`);
    expect((await listKeyInDatabase(t.ctx.db, -1)).rows[0]?.list).toBe('');
  });

  it('never keeps an answer under the key of a list that changed while it was read', async () => {
    const quantityOfMilk = (units: number) =>
      t.ctx.db
        .updateTable('cart_items')
        .set({ quantity_units: units })
        .where('workspace_id', '=', aroha.workspaceId)
        .where('product_id', '=', milk)
        .execute();
    const milkIn = (json: Buffer) => line(ZCart.parse(JSON.parse(json.toString())), milk)?.quantity;
    // Every read through one service (answers are kept per database instance). Its next read
    // hears of another phone's change right after its first statement, once armed: on PostgreSQL
    // between the list's key and its rows, on SQLite after its one read of the rows.
    let armed = false;
    const cart = cartService({
      ...t.ctx,
      db: t.ctx.db.withPlugin({
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => {
          if (armed) {
            armed = false;
            await quantityOfMilk(80_000);
          }
          return result;
        },
      }),
    });
    // A first read fills this instance's price caches (their generation is part of the key); the
    // next asks for the list at 7 once, so the read after it would keep its answer under that key.
    await quantityOfMilk(60_000);
    expect(milkIn(await cart.listJson(aroha.workspaceId, [1]))).toBe(6);
    await quantityOfMilk(70_000);
    expect(milkIn(await cart.listJson(aroha.workspaceId, [1]))).toBe(7);
    armed = true;
    const during = milkIn(await cart.listJson(aroha.workspaceId, [1]));
    expect(during).toBe(dialectOf(t.ctx.db) === 'postgres' ? 8 : 7);
    // Back to 7: the answer kept for "7" must show 7, not the 8 read under its key.
    await quantityOfMilk(70_000);
    expect(milkIn(await cart.listJson(aroha.workspaceId, [1]))).toBe(7);
    expect(milkIn(await cart.listJson(aroha.workspaceId, [1]))).toBe(7);
  });

  it('shows a new price, and the prices at a store the household just added', async () => {
    expect(line((await read()).items, milk)?.product.prices.map((p) => p.price)).toEqual([450]);
    // As an ingest changes a price: the row, then every process forgets its catalogue caches.
    await t.ctx.db
      .updateTable('prices')
      .set({ price: 425 })
      .where('product_id', '=', milk)
      .where('store_id', '=', 1)
      .execute();
    catalogueChangedHere();
    expect(line((await read()).items, milk)?.product.prices.map((p) => p.price)).toEqual([425]);
    expect((await aroha.api('POST', '/stores/2')).statusCode).toBe(200);
    expect(line((await read()).items, milk)?.product.prices.map((p) => p.price)).toEqual([399, 425]);
  });
});

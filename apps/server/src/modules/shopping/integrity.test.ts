// Two phones, one household, the same minute: nothing either did may be lost, and the catalogue
// can never delete a household's rows. Runs on SQLite and PostgreSQL alike.
import { ZCart } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createProduct } from './test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from './test/household.js';

let t: TestApp;
let aroha: Shopper;
let ben: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  await shareWith(aroha, ben);
});
afterAll(() => t.close());

/** Ben acting in Aroha's workspace, where he has Shared access. */
const inHousehold = (who: Shopper, method: 'POST' | 'DELETE', path: string, payload?: unknown) =>
  who.api(method, path, payload, aroha.shortCode);

describe('concurrent changes', () => {
  it('sums 50 concurrent adds of the same product from two members exactly', async () => {
    const bread = await createProduct(t.ctx.db, { name: 'Bread' });
    const adds = Array.from({ length: 50 }, (_, i) =>
      inHousehold(i % 2 ? ben : aroha, 'POST', '/cart', { productId: bread, quantity: (i % 3) + 1 }),
    );
    const statuses = (await Promise.all(adds)).map((res) => res.statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const expected = Array.from({ length: 50 }, (_, i) => (i % 3) + 1).reduce((a, b) => a + b, 0);
    const cart = ZCart.parse((await aroha.api('GET', '/cart')).json());
    expect(cart).toEqual([expect.objectContaining({ quantity: expected })]);
  });

  it('sums concurrent weight adds exactly at 4 decimals', async () => {
    const mince = await createProduct(t.ctx.db, {
      name: 'Mince',
      saleType: 1,
      minimumQuantity: 0.1,
      minimumIncrement: 0.1,
    });
    const adds = Array.from({ length: 30 }, (_, i) =>
      inHousehold(i % 2 ? ben : aroha, 'POST', '/cart', { productId: mince, quantity: 0.1 }),
    );
    expect((await Promise.all(adds)).every((res) => res.statusCode === 200)).toBe(true);
    const cart = ZCart.parse((await aroha.api('GET', '/cart')).json());
    expect(cart.find((item) => item.product.id === mince)?.quantity).toBe(3);
  });

  it('stops concurrent adds at the maximum without losing or passing it', async () => {
    const water = await createProduct(t.ctx.db, { name: 'Water' });
    await aroha.api('PUT', '/cart', { productId: water, quantity: 990 });
    const adds = Array.from({ length: 20 }, (_, i) =>
      inHousehold(i % 2 ? ben : aroha, 'POST', '/cart', { productId: water, quantity: 1 }),
    );
    const statuses = (await Promise.all(adds)).map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect(statuses.filter((s) => s === 400)).toHaveLength(11);
    const cart = ZCart.parse((await aroha.api('GET', '/cart')).json());
    expect(cart.find((item) => item.product.id === water)?.quantity).toBe(999);
  });

  it('creates one list when two members pick the same name at once', async () => {
    const milk = await createProduct(t.ctx.db, { name: 'Milk' });
    const creates = Array.from({ length: 10 }, (_, i) =>
      inHousehold(i % 2 ? ben : aroha, 'POST', '/lists', {
        name: i % 2 ? 'Camping' : 'camping',
        productId: milk,
      }),
    );
    const responses = await Promise.all(creates);
    expect(responses.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of responses.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name.message).toMatch(/^There is already a list called "[Cc]amping"\.$/);
    }
    const lists = await t.ctx.db
      .selectFrom('lists')
      .select('name')
      .where('workspace_id', '=', aroha.workspaceId)
      .execute();
    expect(lists).toHaveLength(1);
  });

  it('keeps one favourite, with one id, when both members favourite at once', async () => {
    const tea = await createProduct(t.ctx.db, { name: 'Tea' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => inHousehold(i % 2 ? ben : aroha, 'POST', `/favourites/${tea}`)),
    );
    const ids = new Set(responses.map((res) => res.json().id));
    expect(responses.every((res) => res.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
  });
});

describe('deleting a product from the catalogue', () => {
  it("is refused while a household's shopping list, list or favourites hold it, and takes nothing with it", async () => {
    const cheese = await createProduct(t.ctx.db, { name: 'Cheese' });
    await aroha.api('POST', '/cart', { productId: cheese, quantity: 1 });
    const list = (await aroha.api('POST', '/lists', { name: 'Platter', productId: cheese })).json();
    await aroha.api('POST', `/favourites/${cheese}`);

    const counts = async () => {
      const [cart, items, favourites] = await Promise.all([
        t.ctx.db.selectFrom('cart_items').select('product_id').where('product_id', '=', cheese).execute(),
        t.ctx.db.selectFrom('list_items').select('product_id').where('product_id', '=', cheese).execute(),
        t.ctx.db.selectFrom('favourites').select('product_id').where('product_id', '=', cheese).execute(),
      ]);
      return [cart.length, items.length, favourites.length];
    };
    expect(await counts()).toEqual([1, 1, 1]);

    const tryDelete = () => t.ctx.db.deleteFrom('products').where('id', '=', cheese).execute();
    // Each kind of reference alone is enough to stop the delete: remove them one at a time.
    await expect(tryDelete()).rejects.toThrow(/foreign key/i);
    expect(await counts()).toEqual([1, 1, 1]);
    await aroha.api('DELETE', `/cart/${cheese}`);
    await expect(tryDelete()).rejects.toThrow(/foreign key/i);
    expect(await counts()).toEqual([0, 1, 1]);
    await aroha.api('DELETE', `/lists/${list.id}/${cheese}`);
    await expect(tryDelete()).rejects.toThrow(/foreign key/i);
    expect(await counts()).toEqual([0, 0, 1]);
    await aroha.api('DELETE', `/favourites/${cheese}`);
    // With no household holding it, the catalogue may delete it.
    await tryDelete();
    expect(await t.ctx.db.selectFrom('products').select('id').where('id', '=', cheese).execute()).toEqual([]);
  });
});

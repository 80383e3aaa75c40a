import { ZCart } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialect } from '../../test/test-database.js';
import { lockWorkspace } from '../limits/workspace-caps.js';
import { unknownProductMessage } from './catalogue-lookup.js';
import { addWorkspaceStore, createProduct, setPrice } from './test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from './test/household.js';

let t: TestApp;
let aroha: Shopper;
let ben: Shopper;
let milk: number;
let apples: number;
let eggs: number;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  milk = await createProduct(t.ctx.db, { name: 'Milk 2L' });
  apples = await createProduct(t.ctx.db, {
    name: 'Apples',
    saleType: 1,
    minimumQuantity: 0.5,
    minimumIncrement: 0.1,
  });
  eggs = await createProduct(t.ctx.db, { name: 'Eggs 6pk', minimumQuantity: 6, minimumIncrement: 6 });
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 1);
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 2);
  await setPrice(t.ctx.db, milk, 1, 450);
  await setPrice(t.ctx.db, milk, 2, 399);
  await setPrice(t.ctx.db, milk, 3, 300); // a store Aroha does not shop at
});
afterAll(() => t.close());

const cartOf = async (shopper: Shopper) => {
  const res = await shopper.api('GET', '/cart');
  expect(res.statusCode).toBe(200);
  return ZCart.parse(res.json());
};
const quantities = async (shopper: Shopper) =>
  Object.fromEntries((await cartOf(shopper)).map((item) => [item.product.id, item.quantity]));

describe('the shopping list', () => {
  it('starts empty', async () => {
    expect(await cartOf(aroha)).toEqual([]);
  });

  it('adds a product, priced at the workspace stores only', async () => {
    const res = await aroha.api('POST', '/cart', { productId: milk, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      quantity: 2,
      product: { id: milk, bestPrice: 399, highestPrice: 450 },
    });
    const [item] = await cartOf(aroha);
    expect(item?.product.prices.map((p) => p.storeId)).toEqual([2, 1]);
  });

  it('adds up quantities when the product is already there', async () => {
    await aroha.api('POST', '/cart', { productId: milk, quantity: 3 });
    expect(await quantities(aroha)).toEqual({ [milk]: 5 });
  });

  it('sets the quantity with PUT, and PUT also puts a new product on the list', async () => {
    expect((await aroha.api('PUT', '/cart', { productId: milk, quantity: 1 })).statusCode).toBe(200);
    expect((await aroha.api('PUT', '/cart', { productId: apples, quantity: 0.7 })).statusCode).toBe(200);
    expect(await quantities(aroha)).toEqual({ [milk]: 1, [apples]: 0.7 });
  });

  it('keeps a product that has no prices, with prices []', async () => {
    const item = (await cartOf(aroha)).find((i) => i.product.id === apples);
    expect(item?.product).toMatchObject({ prices: [], bestPrice: null, highestPrice: null });
  });

  it('adds weights at 4-decimal precision, so 0.7 kg + 0.6 kg is exactly 1.3 kg', async () => {
    expect(0.7 + 0.6).not.toBe(1.3);
    expect((await aroha.api('POST', '/cart', { productId: apples, quantity: 0.6 })).statusCode).toBe(200);
    expect((await quantities(aroha))[apples]).toBe(1.3);
  });

  it('refuses an add whose total would fall between steps, and keeps what was there', async () => {
    const plums = await createProduct(t.ctx.db, {
      name: 'Plums',
      saleType: 1,
      minimumQuantity: 0.5,
      minimumIncrement: 0.2,
    });
    expect((await aroha.api('POST', '/cart', { productId: plums, quantity: 0.5 })).statusCode).toBe(200);
    const twice = await aroha.api('POST', '/cart', { productId: plums, quantity: 0.5 });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.quantity.message).toEqual(expect.any(String));
    expect((await quantities(aroha))[plums]).toBe(0.5);
    expect((await aroha.api('POST', '/cart', { productId: plums, quantity: 0.7 })).statusCode).toBe(400);
    expect((await aroha.api('PUT', '/cart', { productId: plums, quantity: 0.9 })).statusCode).toBe(200);
    expect((await aroha.api('DELETE', `/cart/${plums}`)).statusCode).toBe(204);
  });

  it('removes a product with DELETE, and removing it again is harmless', async () => {
    expect((await aroha.api('DELETE', `/cart/${apples}`)).statusCode).toBe(204);
    expect((await aroha.api('DELETE', `/cart/${apples}`)).statusCode).toBe(204);
    expect(await quantities(aroha)).toEqual({ [milk]: 1 });
  });

  it("keeps each household's list to itself", async () => {
    expect(await cartOf(ben)).toEqual([]);
    await ben.api('POST', '/cart', { productId: milk, quantity: 4 });
    expect(await quantities(aroha)).toEqual({ [milk]: 1 });
    expect(await quantities(ben)).toEqual({ [milk]: 4 });
    const ownStoresOnly = await cartOf(ben);
    expect(ownStoresOnly[0]?.product.prices).toEqual([]);
  });
});

describe('quantity rules (spec section 5)', () => {
  const refused = async (productId: number, quantity: unknown, method: 'POST' | 'PUT' = 'POST') => {
    const res = await aroha.api(method, '/cart', { productId, quantity });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(body.errors.quantity.message);
    return body.errors.quantity.message as string;
  };

  it('refuses zero, negative and non-numeric quantities', async () => {
    expect(await refused(milk, 0)).toBe('Enter a quantity above zero.');
    expect(await refused(milk, -2, 'PUT')).toBe('Enter a quantity above zero.');
    expect(await refused(milk, '3')).toBe('Enter the quantity as a number.');
    expect(await refused(milk, null)).toBe('Enter the quantity as a number.');
  });

  it("refuses less than the product's minimumQuantity", async () => {
    expect(await refused(eggs, 3)).toBe('The smallest quantity of this product is 6.');
    expect(await refused(apples, 0.3, 'PUT')).toBe('The smallest quantity of this product is 0.5 kg.');
  });

  it('refuses quantities that are not whole steps above the minimum', async () => {
    expect(await refused(eggs, 9)).toBe('Change the quantity in steps of 6.');
    expect(await refused(milk, 1.5, 'PUT')).toBe('Change the quantity in steps of 1.');
    expect(await refused(apples, 0.55)).toBe('Change the quantity in steps of 0.1 kg.');
  });

  it('refuses more than 999 units or 50 kg, also when adding up', async () => {
    expect(await refused(milk, 1000)).toBe('The most you can add is 999.');
    expect(await refused(apples, 50.1, 'PUT')).toBe('The most you can add is 50 kg.');
    expect((await aroha.api('PUT', '/cart', { productId: milk, quantity: 998 })).statusCode).toBe(200);
    expect((await aroha.api('POST', '/cart', { productId: milk, quantity: 1 })).statusCode).toBe(200);
    expect(await refused(milk, 1)).toBe('The most you can add is 999.');
    expect((await quantities(aroha))[milk]).toBe(999);
  });

  it('leaves the list as it was after a refusal', async () => {
    const before = await cartOf(aroha);
    await refused(eggs, 7);
    expect(await cartOf(aroha)).toEqual(before);
  });
});

describe('unknown or malformed products', () => {
  it('answers 400 on productId for a product that does not exist, never a 500', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      const res = await aroha.api(method, '/cart', { productId: 987654, quantity: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.productId.message).toBe(unknownProductMessage);
    }
  });

  it('answers 400 for a productId that is not a positive whole number', async () => {
    for (const productId of ['abc', -1, 1.5, 2 ** 40, null]) {
      const res = await aroha.api('POST', '/cart', { productId, quantity: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.productId.message).toEqual(expect.any(String));
    }
    expect((await aroha.api('DELETE', '/cart/abc')).statusCode).toBe(400);
  });
});

// On PostgreSQL the workspace's lock is a row lock, held only by changes that could pass the
// list's cap (a product not yet listed). SQLite has one write lock for everything.
if (testDialect() === 'postgres')
  describe('changes from several phones at once (PostgreSQL)', () => {
    it('changes a listed item while another change holds the workspace lock; a new item waits for it', async () => {
      await aroha.api('PUT', '/cart', { productId: milk, quantity: 1 });
      await aroha.api('DELETE', `/cart/${eggs}`);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holding = t.ctx.db.transaction().execute(async (trx) => {
        await lockWorkspace(trx, aroha.workspaceId);
        await released;
      });
      try {
        const listed = await aroha.api('PUT', '/cart', { productId: milk, quantity: 4 });
        expect(listed.json()).toMatchObject({ quantity: 4 });
        const added = await aroha.api('POST', '/cart', { productId: milk, quantity: 1 });
        expect(added.json()).toMatchObject({ quantity: 5 });

        let settled = false;
        const newItem = aroha.api('PUT', '/cart', { productId: eggs, quantity: 6 }).finally(() => {
          settled = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(settled).toBe(false);
        release();
        expect((await newItem).json()).toMatchObject({ quantity: 6 });
      } finally {
        release();
        await holding;
      }
      expect(await quantities(aroha)).toMatchObject({ [milk]: 5, [eggs]: 6 });
    });
  });

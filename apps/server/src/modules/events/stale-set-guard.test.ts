import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { addWorkspaceStore, createProduct, setPrice } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { staleSetMessages } from './stale-set-guard.js';

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
});
afterAll(() => t.close());

const quantityOf = async (productId: number) => {
  const cart = (await aroha.api('GET', '/cart')).json() as { product: { id: number }; quantity: number }[];
  return cart.find((item) => item.product.id === productId)?.quantity;
};

describe('a quantity set replayed from offline (PUT /cart with changedAt)', () => {
  it('applies when nothing changed the item since', async () => {
    await aroha.api('POST', '/cart', { productId: milk, quantity: 1 });
    const madeOffline = t.clock.now() + 1000;
    t.clock.advance(60_000);
    const res = await aroha.api('PUT', '/cart', { productId: milk, quantity: 4, changedAt: madeOffline });
    expect(res.statusCode).toBe(200);
    expect(await quantityOf(milk)).toBe(4);
  });

  it('loses to a change made on the server after it, and says why', async () => {
    const madeOffline = t.clock.now();
    t.clock.advance(1000);
    await aroha.api('POST', '/cart', { productId: milk, quantity: 1 }); // someone else's later add
    const res = await aroha.api('PUT', '/cart', { productId: milk, quantity: 9, changedAt: madeOffline });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: staleSetMessages.newer });
    expect(await quantityOf(milk)).toBe(5);
  });

  it('does not bring back an item taken off the list meanwhile', async () => {
    const res = await aroha.api('PUT', '/cart', { productId: bread, quantity: 2, changedAt: t.clock.now() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: staleSetMessages.gone });
    expect(await quantityOf(bread)).toBeUndefined();
  });

  it('leaves an ordinary set (no changedAt) as it was', async () => {
    const res = await aroha.api('PUT', '/cart', { productId: bread, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(await quantityOf(bread)).toBe(2);
  });
});

describe('validation first (issue 32)', () => {
  it('refuses a malformed replayed set with the usual 400, never a 500 or a 409', async () => {
    for (const productId of [1.5, 1e300, 3_000_000_000, -1, 'milk']) {
      const res = await aroha.api('PUT', '/cart', { productId, quantity: 1, changedAt: 1 });
      expect(res.statusCode, `productId ${productId}`).toBe(400);
      expect(res.json()).toMatchObject({ errors: { productId: { message: expect.any(String) } } });
    }
    for (const changedAt of ['yesterday', -5, 1e300]) {
      const res = await aroha.api('PUT', '/cart', { productId: milk, quantity: 1, changedAt });
      expect(res.statusCode, `changedAt ${changedAt}`).toBe(400);
      expect(res.json()).toMatchObject({ errors: { changedAt: { message: expect.any(String) } } });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { addWorkspaceStore, createProduct, setPrice } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';
import { newerChangeBy, staleSetMessages } from './stale-set-guard.js';

let t: TestApp;
let aroha: Shopper;
let bea: Shopper;
let milk: number;
let bread: number;
let bananas: number;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  bea = await signInShopper(t, 'bea@example.com');
  await shareWith(aroha, bea);
  milk = await createProduct(t.ctx.db, { name: 'Milk 2L' });
  bread = await createProduct(t.ctx.db, { name: 'Bread' });
  bananas = await createProduct(t.ctx.db, {
    name: 'Bananas',
    saleType: 1,
    minimumQuantity: 0.1,
    minimumIncrement: 0.1,
  });
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 1);
  await setPrice(t.ctx.db, milk, 1, 450);
});
afterAll(() => t.close());

const nameOf = async (shopper: Shopper) =>
  (
    await t.ctx.db
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', shopper.userId)
      .executeTakeFirstOrThrow()
  ).display_name;

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

  it("loses to another member's change made after it, and names them", async () => {
    const madeOffline = t.clock.now();
    t.clock.advance(1000);
    await bea.api('POST', '/cart', { productId: milk, quantity: 1 }, aroha.shortCode); // Bea's later add
    const res = await aroha.api('PUT', '/cart', { productId: milk, quantity: 9, changedAt: madeOffline });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: newerChangeBy(await nameOf(bea)) });
    expect(res.json().message).toMatch(/^\S.* changed this item after you did, so their change was kept\.$/);
    expect(res.json().message).not.toMatch(/^Someone/);
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

// Issue 49 item 1: what a phone queued offline, replayed in order, as a person expects.
describe("a phone's own queued changes", () => {
  it('apply in order on top of each other: three +0.1 kg taps from 1.0 end at 1.3', async () => {
    await aroha.api('PUT', '/cart', { productId: bananas, quantity: 1 });
    const tapped = t.clock.now();
    t.clock.advance(120_000); // back online two minutes later
    for (const [i, quantity] of [1.1, 1.2, 1.3].entries()) {
      const res = await aroha.api('PUT', '/cart', {
        productId: bananas,
        quantity,
        changedAt: tapped + i * 500,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await quantityOf(bananas)).toBe(1.3);
  });

  it('never conflict with their own add replayed just before', async () => {
    await aroha.api('DELETE', `/cart/${bread}`);
    const offline = t.clock.now();
    t.clock.advance(60_000);
    expect((await aroha.api('POST', '/cart', { productId: bread, quantity: 1 })).statusCode).toBe(200);
    const res = await aroha.api('PUT', '/cart', { productId: bread, quantity: 3, changedAt: offline + 1 });
    expect(res.statusCode).toBe(200);
    expect(await quantityOf(bread)).toBe(3);
  });
});

describe('two phones offline at once, back in either order', () => {
  const bothOffline = async () => {
    await aroha.api('PUT', '/cart', { productId: milk, quantity: 1 });
    const start = t.clock.now();
    t.clock.advance(300_000);
    return { arohaAt: start + 1000, beaAt: start + 2000 }; // Bea's change was made later
  };

  it('the later-made change is kept when the earlier phone comes back first', async () => {
    const { arohaAt, beaAt } = await bothOffline();
    const first = await aroha.api('PUT', '/cart', { productId: milk, quantity: 2, changedAt: arohaAt });
    expect(first.statusCode).toBe(200);
    const second = await bea.api(
      'PUT',
      '/cart',
      { productId: milk, quantity: 6, changedAt: beaAt },
      aroha.shortCode,
    );
    expect(second.statusCode).toBe(200);
    expect(await quantityOf(milk)).toBe(6);
  });

  it('the later-made change is kept when the later phone comes back first, and the other is told who', async () => {
    const { arohaAt, beaAt } = await bothOffline();
    const first = await bea.api(
      'PUT',
      '/cart',
      { productId: milk, quantity: 6, changedAt: beaAt },
      aroha.shortCode,
    );
    expect(first.statusCode).toBe(200);
    const second = await aroha.api('PUT', '/cart', { productId: milk, quantity: 2, changedAt: arohaAt });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: newerChangeBy(await nameOf(bea)) });
    expect(await quantityOf(milk)).toBe(6);
  });
});

import { ZCart, ZCartItem } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { type Shopper, signInShopper } from './test/household.js';
import { kindProduct } from './test/plan-fixtures.js';

let t: TestApp;
let aroha: Shopper;
let milk: number;
let other: number;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  milk = await kindProduct(t.ctx.db, { name: 'Trim Milk', brand: 'Anchor', displayUnits: '2L' });
  other = await kindProduct(t.ctx.db, { name: 'Bread', brand: null, displayUnits: '700g' });
});
afterAll(() => t.close());

const put = (body: unknown) => aroha.api('PUT', '/cart', body);
const itemOf = async (productId: number) => {
  const cart = ZCart.parse((await aroha.api('GET', '/cart')).json());
  return cart.find((item) => item.product.id === productId);
};

describe("a shopping-list item's 'Any brand' settings", () => {
  it('start off, with nothing vetoed', async () => {
    expect((await aroha.api('POST', '/cart', { productId: milk, quantity: 2 })).statusCode).toBe(200);
    expect(await itemOf(milk)).toMatchObject({ quantity: 2, anyBrand: false, excludedAlternatives: [] });
  });

  it('change with PUT without a quantity, which stays as it was', async () => {
    const res = await put({ productId: milk, anyBrand: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZCartItem.parse(res.json())).toMatchObject({
      quantity: 2,
      anyBrand: true,
      excludedAlternatives: [],
    });
    expect(await itemOf(milk)).toMatchObject({ quantity: 2, anyBrand: true });
  });

  it('keep vetoed alternatives sorted, once each, never the item itself; a new list replaces the old', async () => {
    expect((await put({ productId: milk, excludedAlternatives: [other, 7, other, milk] })).statusCode).toBe(
      200,
    );
    expect(await itemOf(milk)).toMatchObject({
      anyBrand: true,
      excludedAlternatives: [7, other].sort((a, b) => a - b),
    });
    expect((await put({ productId: milk, excludedAlternatives: [] })).statusCode).toBe(200);
    expect((await itemOf(milk))?.excludedAlternatives).toEqual([]);
  });

  it('survive a quantity change and an add', async () => {
    expect((await put({ productId: milk, quantity: 3 })).statusCode).toBe(200);
    expect((await aroha.api('POST', '/cart', { productId: milk, quantity: 1 })).statusCode).toBe(200);
    expect(await itemOf(milk)).toMatchObject({ quantity: 4, anyBrand: true });
  });

  it('can be set together with the quantity, also for a product not yet listed', async () => {
    const res = await put({ productId: other, quantity: 1, anyBrand: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await itemOf(other)).toMatchObject({ quantity: 1, anyBrand: true });
  });

  it('start again when the item leaves the list and comes back', async () => {
    expect((await aroha.api('DELETE', `/cart/${other}`)).statusCode).toBe(204);
    expect((await aroha.api('POST', '/cart', { productId: other, quantity: 1 })).statusCode).toBe(200);
    expect(await itemOf(other)).toMatchObject({ anyBrand: false, excludedAlternatives: [] });
  });

  it.each([
    [{ productId: 999_999, anyBrand: true }, 'productId'],
    [{ productId: 1, anyBrand: 'yes' }, 'anyBrand'],
    [{ productId: 1, excludedAlternatives: 'none' }, 'excludedAlternatives'],
    [{ productId: 1, excludedAlternatives: [-1] }, 'excludedAlternatives'],
    [
      { productId: 1, excludedAlternatives: Array.from({ length: 51 }, (_, i) => i + 1) },
      'excludedAlternatives',
    ],
  ])('refuses %j with a 400 on %s', async (body, field) => {
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field].message).toEqual(expect.any(String));
  });

  it('refuses a PUT without a quantity for a product not on the list', async () => {
    await aroha.api('DELETE', `/cart/${other}`);
    const res = await put({ productId: other, anyBrand: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.quantity.message).toBe('Enter the quantity as a number.');
    expect(await itemOf(other)).toBeUndefined();
  });
});

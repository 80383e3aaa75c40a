import { describe, expect, it } from 'vitest';
import type { Price, Product, Store } from './api.js';
import { cartTotalRange, splitCartByStore } from './cart-split.js';

const store = (id: number, name: string): Store => ({ id, name, type: 1, latitude: null, longitude: null });
const stores = [
  store(1, 'New World Thorndon'),
  store(2, "Pak'nSave Kilbirnie"),
  store(3, 'Woolworths Newtown'),
];

const price = (storeId: number, cents: number): Price => ({
  storeId,
  price: cents,
  basePrice: cents,
  comparativePrice: null,
  comparativeMeasure: null,
  promotionType: 0,
});

function product(id: number, prices: Price[], saleType: 0 | 1 = 0): Product {
  const amounts = prices.map((p) => p.price);
  return {
    id,
    name: `Product ${id}`,
    brand: null,
    imageUrl: null,
    displayUnits: null,
    saleType,
    minimumQuantity: 1,
    minimumIncrement: 1,
    bestPrice: amounts.length ? Math.min(...amounts) : null,
    highestPrice: amounts.length ? Math.max(...amounts) : null,
    prices,
  };
}

const milk = product(1, [price(1, 450), price(2, 399), price(3, 420)]);
const bread = product(2, [price(1, 300), price(3, 250)]);
const onlyAtPaknsave = product(3, [price(2, 1000)]);
const unpriced = product(4, []);

const everyStore = () => true;
const groupOf = (result: ReturnType<typeof splitCartByStore>, storeId: number) =>
  result.groups.find((g) => g.store.id === storeId);

describe('splitCartByStore', () => {
  it('puts each item at its cheapest store and totals each group', () => {
    const result = splitCartByStore(
      [
        { product: milk, quantity: 2 },
        { product: bread, quantity: 1 },
      ],
      stores,
      everyStore,
    );
    expect(groupOf(result, 2)?.lines.map((l) => l.product.id)).toEqual([1]);
    expect(groupOf(result, 2)?.total).toBe(798);
    expect(groupOf(result, 3)?.lines.map((l) => l.product.id)).toEqual([2]);
    expect(groupOf(result, 3)?.total).toBe(250);
    expect(groupOf(result, 1)?.lines).toEqual([]);
    expect(result.total).toBe(1048);
  });

  it('moves an item from an excluded store to the cheapest included store that prices it', () => {
    const result = splitCartByStore([{ product: milk, quantity: 1 }], stores, (id) => id !== 2);
    expect(groupOf(result, 3)?.lines[0]).toMatchObject({ unitPrice: 420, lineTotal: 420, counted: true });
    expect(groupOf(result, 2)?.lines).toEqual([]);
    expect(result.total).toBe(420);
  });

  it('leaves an item under its excluded store, adding nothing, when no included store prices it', () => {
    const result = splitCartByStore(
      [
        { product: onlyAtPaknsave, quantity: 3 },
        { product: bread, quantity: 2 },
      ],
      stores,
      (id) => id !== 2,
    );
    const paknsave = groupOf(result, 2);
    expect(paknsave?.included).toBe(false);
    expect(paknsave?.lines[0]).toMatchObject({ counted: false, lineTotal: 3000 });
    expect(paknsave?.total).toBe(0);
    expect(result.total).toBe(500);
  });

  it('counts only included stores toward the overall total', () => {
    const result = splitCartByStore([{ product: bread, quantity: 1 }], stores, (id) => id === 1);
    expect(groupOf(result, 1)?.total).toBe(300);
    expect(result.total).toBe(300);
  });

  it('skips items with no prices', () => {
    const result = splitCartByStore([{ product: unpriced, quantity: 1 }], stores, everyStore);
    expect(result.groups.every((g) => g.lines.length === 0)).toBe(true);
    expect(result.unpriced.map((l) => l.product.id)).toEqual([4]);
    expect(result.total).toBe(0);
  });

  it('ignores prices at stores that are not the workspace stores', () => {
    const elsewhere = product(5, [price(99, 1), price(3, 500)]);
    const result = splitCartByStore([{ product: elsewhere, quantity: 1 }], stores, everyStore);
    expect(groupOf(result, 3)?.total).toBe(500);
  });

  it('prices weight items per kg, rounding to whole cents', () => {
    const apples = product(6, [price(1, 399)], 1);
    const result = splitCartByStore([{ product: apples, quantity: 1.5 }], stores, everyStore);
    expect(groupOf(result, 1)?.total).toBe(599);
  });

  it('lists groups by store name', () => {
    const result = splitCartByStore([], [stores[2], stores[0], stores[1]] as Store[], everyStore);
    expect(result.groups.map((g) => g.store.id)).toEqual([1, 2, 3]);
  });
});

describe('cartTotalRange', () => {
  it('sums best x quantity to highest x quantity, skipping unpriced items', () => {
    expect(
      cartTotalRange([
        { product: milk, quantity: 2 },
        { product: bread, quantity: 1 },
        { product: unpriced, quantity: 5 },
      ]),
    ).toEqual({ low: 399 * 2 + 250, high: 450 * 2 + 300 });
  });

  it('is zero for an empty list', () => {
    expect(cartTotalRange([])).toEqual({ low: 0, high: 0 });
  });
});

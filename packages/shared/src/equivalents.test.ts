import { describe, expect, it } from 'vitest';
import type { Price, Product, Store } from './api.js';
import { splitCartByStore } from './cart-split.js';
import {
  cheapestMember,
  EQUIVALENT_GROUP_MAX,
  equivalentMessages,
  equivalentsIndex,
  ZEquivalentsRequest,
} from './equivalents.js';

const store = (id: number, name: string): Store => ({ id, name, type: 1, latitude: null, longitude: null });
const stores = [store(1, 'New World Thorndon'), store(2, "Pak'nSave Kilbirnie")];

const price = (
  storeId: number,
  cents: number,
  unitPrice: number | null = null,
  unitMeasure = 'L',
): Price => ({
  storeId,
  price: cents,
  basePrice: cents,
  comparativePrice: null,
  comparativeMeasure: null,
  promotionType: 0,
  unitPrice,
  unitMeasure: unitPrice === null ? null : (unitMeasure as 'L'),
});

const product = (id: number, prices: Price[]): Product => ({
  id,
  name: `Milk ${id}`,
  brand: null,
  imageUrl: null,
  displayUnits: null,
  saleType: 0,
  minimumQuantity: 1,
  minimumIncrement: 1,
  bestPrice: null,
  highestPrice: null,
  prices,
});

describe('the request', () => {
  const error = (productIds: unknown) =>
    ZEquivalentsRequest.safeParse({ productIds }).error?.issues[0]?.message;
  it('takes two to twelve different ids', () => {
    expect(ZEquivalentsRequest.parse({ productIds: [3, 1] })).toEqual({ productIds: [3, 1] });
    expect(error([1])).toBe(equivalentMessages.tooFew);
    expect(error([1, 1])).toBe(equivalentMessages.duplicates);
    expect(error(Array.from({ length: EQUIVALENT_GROUP_MAX + 1 }, (_, i) => i + 1))).toBe(
      equivalentMessages.tooMany,
    );
    expect(error([1, 'x'])).toBeDefined();
  });
});

describe('the cheapest member', () => {
  it('is the lowest unit price, not the lowest shelf price', () => {
    const litre = { productId: 1, price: 300, unitPrice: 300, unitMeasure: 'L' };
    const twoLitres = { productId: 2, price: 500, unitPrice: 250, unitMeasure: 'L' };
    expect(cheapestMember([litre, twoLitres], 1)).toBe(twoLitres);
  });

  it('falls back to the shelf price when a unit price is missing or in another measure', () => {
    const a = { productId: 1, price: 300, unitPrice: 300, unitMeasure: 'L' };
    const b = { productId: 2, price: 500, unitPrice: 250, unitMeasure: 'kg' };
    const c = { productId: 3, price: 400, unitPrice: null };
    expect(cheapestMember([b, a], 2)).toBe(a);
    expect(cheapestMember([c, b], 2)).toBe(c);
  });

  it('prefers the listed product on a tie, then the lower id', () => {
    const a = { productId: 5, price: 300, unitPrice: 300, unitMeasure: 'L' };
    const b = { productId: 7, price: 300, unitPrice: 300, unitMeasure: 'L' };
    expect(cheapestMember([a, b], 7)).toBe(b);
    expect(cheapestMember([b, a], 1)).toBe(a);
    expect(cheapestMember([], 1)).toBeUndefined();
  });
});

describe('the groups index', () => {
  it('names the other members of each product', () => {
    const index = equivalentsIndex([{ id: 1, productIds: [1, 2, 3] }]);
    expect(index.get(2)).toEqual([1, 3]);
    expect(index.has(4)).toBe(false);
  });
});

describe('the cheapest split with a group', () => {
  const litre = product(1, [price(1, 300, 300), price(2, 290, 290)]);
  const twoLitres = product(2, [price(1, 500, 250)]);
  const equivalentsOf = (id: number) => (id === 1 ? [twoLitres] : id === 2 ? [litre] : []);

  it('buys the cheapest member by unit price and says which', () => {
    const split = splitCartByStore(
      [{ product: litre, quantity: 2 }],
      stores,
      () => true,
      undefined,
      equivalentsOf,
    );
    const line = split.groups.flatMap((g) => g.lines)[0];
    expect(split.groups.find((g) => g.lines.length > 0)?.store.id).toBe(1);
    expect(line?.chosen?.id).toBe(2);
    expect(line?.lineTotal).toBe(1000);
    expect(split.total).toBe(1000);
  });

  it('keeps the listed product when it is the cheapest, and without groups', () => {
    const without = splitCartByStore([{ product: litre, quantity: 1 }], stores, () => true);
    expect(without.groups.find((g) => g.lines.length)?.store.id).toBe(2);
    expect(without.groups.flatMap((g) => g.lines)[0]?.chosen).toBeUndefined();
    const listed = splitCartByStore(
      [{ product: twoLitres, quantity: 1 }],
      stores,
      () => true,
      undefined,
      equivalentsOf,
    );
    expect(listed.groups.flatMap((g) => g.lines)[0]?.chosen).toBeUndefined();
  });

  it('buys a member at an included store when the cheapest is left out', () => {
    const split = splitCartByStore(
      [{ product: litre, quantity: 1 }],
      stores,
      (id) => id === 2,
      undefined,
      equivalentsOf,
    );
    const line = split.groups.find((g) => g.store.id === 2)?.lines[0];
    expect(line?.chosen).toBeUndefined();
    expect(line?.lineTotal).toBe(290);
  });

  it('prefers a fresh member to a stale cheaper one', () => {
    const split = splitCartByStore(
      [{ product: litre, quantity: 1 }],
      stores,
      () => true,
      (p) => p.price === 500,
      equivalentsOf,
    );
    expect(split.groups.flatMap((g) => g.lines)[0]?.chosen).toBeUndefined();
  });
});

// Issue 49 item 6: the 'By store' split keeps its rule (each item at its cheapest fresh price) but
// says when freshness decided where an item went, lets the household keep it where it was, and
// the 'All' total agrees with 'By store' for the same choice.
import { describe, expect, it } from 'vitest';
import type { Price, Product, Store } from './api.js';
import { cartTotalRange, splitCartByStore } from './cart-split.js';
import { cheaperNote, staleReason } from './split-notes.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 6, 2, 0);
const store = (id: number, name: string): Store => ({ id, name, type: 1, latitude: null, longitude: null });
const stores = [
  store(1, 'New World Thorndon'),
  store(2, "PAK'nSAVE Kilbirnie"),
  store(3, 'Woolworths Newtown'),
];
const price = (storeId: number, cents: number, ageDays = 1): Price => ({
  storeId,
  price: cents,
  basePrice: cents,
  comparativePrice: null,
  comparativeMeasure: null,
  promotionType: 0,
  seenAt: NOW - ageDays * DAY,
});
function product(id: number, prices: Price[]): Product {
  const amounts = prices.map((p) => p.price);
  return {
    id,
    name: `Product ${id}`,
    brand: null,
    imageUrl: null,
    displayUnits: null,
    saleType: 0,
    minimumQuantity: 1,
    minimumIncrement: 1,
    bestPrice: Math.min(...amounts),
    highestPrice: Math.max(...amounts),
    prices,
  };
}
const isStale = (p: Price) => NOW - (p.seenAt ?? NOW) > 8 * DAY;
const everyStore = () => true;
// Cheese is 20c cheaper at PAK'nSAVE, but that price is 12 days old.
const cheese = product(1, [price(1, 1020), price(2, 1000, 12), price(3, 1100)]);
const milk = product(2, [price(1, 450), price(2, 399)]);
const lines = [
  { product: cheese, quantity: 2 },
  { product: milk, quantity: 1 },
];
const lineOf = (split: ReturnType<typeof splitCartByStore>, id: number) =>
  split.groups
    .flatMap((g) => g.lines.map((l) => ({ ...l, storeId: g.store.id })))
    .find((l) => l.product.id === id);

describe('the split says when freshness decided (issue 49)', () => {
  it('names the cheaper stale price an item was moved from', () => {
    const split = splitCartByStore(lines, stores, everyStore, isStale);
    expect(lineOf(split, 1)).toMatchObject({
      storeId: 1,
      lineTotal: 2040,
      stale: false,
      movedFromStale: { storeId: 2, lineTotal: 2000, seenAt: NOW - 12 * DAY },
    });
    // Milk's cheapest price is fresh: nothing to explain.
    expect(lineOf(split, 2)?.movedFromStale).toBeUndefined();
    expect(lineOf(split, 2)?.storeId).toBe(2);
  });

  it('says nothing when the stale price is not the cheaper one, or its store is left out', () => {
    const dearStale = product(3, [price(1, 500), price(2, 600, 20)]);
    const split = splitCartByStore([{ product: dearStale, quantity: 1 }], stores, everyStore, isStale);
    expect(lineOf(split, 3)?.movedFromStale).toBeUndefined();
    const withoutPns = splitCartByStore(lines, stores, (id) => id !== 2, isStale);
    expect(lineOf(withoutPns, 1)?.movedFromStale).toBeUndefined();
  });

  it('keeps an item at the store the household chose, at its stale price, counted in the totals', () => {
    const keptAt = (productId: number) => (productId === 1 ? 2 : undefined);
    const split = splitCartByStore(lines, stores, everyStore, isStale, undefined, keptAt);
    expect(lineOf(split, 1)).toMatchObject({ storeId: 2, lineTotal: 2000, stale: true, kept: true });
    expect(lineOf(split, 1)?.movedFromStale).toBeUndefined();
    expect(split.total).toBe(2000 + 399);
  });

  it('ignores a kept store that is left out or no longer prices the item', () => {
    const keptAtPns = (productId: number) => (productId === 1 ? 2 : undefined);
    const excluded = splitCartByStore(lines, stores, (id) => id !== 2, isStale, undefined, keptAtPns);
    expect(lineOf(excluded, 1)).toMatchObject({ storeId: 1, lineTotal: 2040 });
    expect(lineOf(excluded, 1)?.kept).toBeUndefined();
    const keptAtNowhere = (productId: number) => (productId === 2 ? 3 : undefined);
    const split = splitCartByStore(lines, stores, everyStore, isStale, undefined, keptAtNowhere);
    expect(lineOf(split, 2)).toMatchObject({ storeId: 2, lineTotal: 399 });
  });
});

describe("'All' agrees with 'By store' (issue 49)", () => {
  it("starts the range at the chosen split's total, not at a stale best price", () => {
    const split = splitCartByStore(lines, stores, everyStore, isStale);
    // bestPrice would say 2 x $10.00 + $3.99; the split buys the fresh $10.20.
    expect(cartTotalRange(lines)).toEqual({ low: 2399, high: 2650 });
    expect(cartTotalRange(lines, split.total)).toEqual({ low: 2439, high: 2650 });
  });

  it('never shows a range whose top is under its bottom', () => {
    expect(cartTotalRange(lines, 9999)).toEqual({ low: 9999, high: 9999 });
  });
});

describe('the notes', () => {
  it('say how old the price was that freshness passed over', () => {
    expect(staleReason("PAK'nSAVE Kilbirnie", NOW - 12 * DAY - 5000, NOW)).toBe(
      "PAK'nSAVE Kilbirnie's price is 12 days old",
    );
    expect(staleReason('New World', NOW - DAY, NOW)).toBe("New World's price is 1 day old");
  });

  it('say what a move saves', () => {
    expect(cheaperNote(120, 'New World')).toBe('$1.20 cheaper at New World');
  });
});

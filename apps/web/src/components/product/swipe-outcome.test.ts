import { describe, expect, it } from 'vitest';
import { chainsByPrice } from './store-logos.js';
import { dragOffset, productSwipe, swipeSide } from './swipe-outcome.js';

const product = { minimumQuantity: 0.5, minimumIncrement: 0.25 };
const both = { left: true, right: true };

describe('product row swipes', () => {
  it('swiping left past 75% of the row adds the minimum plus two increments', () => {
    expect(productSwipe(-300, 0, 390, product)).toEqual({ action: 'addToCart', quantity: 1 });
  });

  it('past 60% adds one increment more, past 30% the minimum', () => {
    expect(productSwipe(-250, 0, 390, product)).toEqual({ action: 'addToCart', quantity: 0.75 });
    expect(productSwipe(-150, 0, 390, product)).toEqual({ action: 'addToCart', quantity: 0.5 });
  });

  it('does nothing under 30%, under 40 px, or with more than 50 px of vertical movement', () => {
    expect(productSwipe(-100, 0, 390, product)).toBeNull();
    expect(productSwipe(-39, 0, 100, product)).toBeNull();
    expect(productSwipe(-300, 51, 390, product)).toBeNull();
  });

  it('swiping right past the threshold is the right action, whatever the distance', () => {
    expect(productSwipe(200, 10, 390, product)).toEqual({ action: 'right' });
    expect(swipeSide(200, 10, 390)).toBe('right');
    expect(swipeSide(-200, 10, 390)).toBe('left');
  });
});

describe('the row following the finger', () => {
  it('moves with the drag, not toward a side without an action, and not while scrolling', () => {
    expect(dragOffset(-80, 5, both)).toBe(-80);
    expect(dragOffset(80, 5, { left: true, right: false })).toBe(0);
    expect(dragOffset(-80, 60, both)).toBe(0);
  });
});

describe('the chain logos of a row', () => {
  it('lists each chain once, cheapest first, ignoring stores the workspace does not have', () => {
    const stores = [
      { id: 1, name: 'NW A', type: 1 as const, latitude: null, longitude: null },
      { id: 2, name: 'PS B', type: 2 as const, latitude: null, longitude: null },
      { id: 3, name: 'NW C', type: 1 as const, latitude: null, longitude: null },
    ];
    const price = (storeId: number, cents: number) => ({
      storeId,
      price: cents,
      basePrice: cents,
      comparativePrice: null,
      comparativeMeasure: null,
      promotionType: 0,
    });
    expect(chainsByPrice([price(1, 500), price(2, 450), price(3, 300), price(9, 100)], stores)).toEqual([
      1, 2,
    ]);
  });
});

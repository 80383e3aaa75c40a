import type { Product } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { stepperLimits } from './quantity-stepper.js';
import { storePriceLines } from './store-price-list.js';
import { withAdded } from './use-add-to-cart.js';

const product = (id: number): Product => ({
  id,
  name: `Product ${id}`,
  brand: null,
  imageUrl: null,
  displayUnits: null,
  saleType: 1,
  minimumQuantity: 0.2,
  minimumIncrement: 0.1,
  bestPrice: 100,
  highestPrice: 120,
  prices: [],
});

describe('the quantity stepper', () => {
  it('cannot go below the minimum quantity', () => {
    expect(stepperLimits(product(1), 0.2).canDecrease).toBe(false);
    expect(stepperLimits(product(1), 0.3).canDecrease).toBe(true);
  });

  it('cannot pass 50 kg for weight products', () => {
    expect(stepperLimits(product(1), 50).canIncrease).toBe(false);
    expect(stepperLimits(product(1), 49.9).canIncrease).toBe(true);
  });
});

describe('adding to the cart optimistically', () => {
  it('sums onto an existing line at 4 decimals, or appends a new line', () => {
    const cart = [{ product: product(1), quantity: 0.2 }];
    expect(withAdded(cart, product(1), 0.1)[0]?.quantity).toBe(0.3);
    expect(withAdded(cart, product(2), 1).map((line) => line.product.id)).toEqual([1, 2]);
  });
});

describe('the per-store price list', () => {
  it('is cheapest first, marks the best price and the discounted ones', () => {
    const stores = [
      { id: 1, name: 'A', type: 1 as const, latitude: null, longitude: null },
      { id: 2, name: 'B', type: 2 as const, latitude: null, longitude: null },
    ];
    const lines = storePriceLines(
      [
        {
          storeId: 1,
          price: 500,
          basePrice: 500,
          comparativePrice: null,
          comparativeMeasure: null,
          promotionType: 0,
        },
        {
          storeId: 2,
          price: 400,
          basePrice: 450,
          comparativePrice: null,
          comparativeMeasure: null,
          promotionType: 4,
        },
      ],
      stores,
    );
    expect(lines.map((l) => [l.store.name, l.best, l.discounted])).toEqual([
      ['B', true, true],
      ['A', false, false],
    ]);
  });
});

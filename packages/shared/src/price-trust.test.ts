import { describe, expect, it } from 'vitest';
import type { Price, Product } from './api.js';
import { splitCartByStore } from './cart-split.js';
import {
  isShrink,
  nzDay,
  packSizeChanged,
  reportsCounted,
  type SizeChange,
  seenSinceText,
  sizeChangeText,
  trustedPriceRange,
  unitPriceChangePercent,
  ZPriceReportRequest,
} from './price-trust.js';

const NOV_3 = Date.parse('2026-11-02T20:00:00Z'); // 9 am on 3 Nov in Auckland (NZDT)
const change = (
  from: string,
  to: string,
  fromPrice: number | null = 400,
  toPrice: number | null = 400,
): SizeChange => ({
  from,
  to,
  at: NOV_3,
  fromPrice,
  toPrice,
});

describe('pack size changes', () => {
  it('are a different amount in the same measure, not a respelling', () => {
    expect(packSizeChanged('500g', '450g')).toBe(true);
    expect(packSizeChanged('500g', '500 g')).toBe(false);
    expect(packSizeChanged('1kg', '1000g')).toBe(false);
    expect(packSizeChanged('500g', '500g')).toBe(false);
    expect(packSizeChanged('2L', '1.8L')).toBe(true);
    expect(packSizeChanged('10 pack', '8 pack')).toBe(true);
    // Unreadable or another measure: not called a size change.
    expect(packSizeChanged(null, '450g')).toBe(false);
    expect(packSizeChanged('500g', '1L')).toBe(false);
    expect(packSizeChanged('family size', 'value size')).toBe(false);
  });

  it('shrink when the new pack is smaller', () => {
    expect(isShrink(change('500g', '450g'))).toBe(true);
    expect(isShrink(change('450g', '500g'))).toBe(false);
  });

  it('change the price per unit by the unit prices (same price: only the size)', () => {
    expect(unitPriceChangePercent(change('500g', '450g'))).toBe(11);
    // $4.00 for 500 g to $3.80 for 450 g: 80.0 → 84.4 c per 100 g, +6%.
    expect(unitPriceChangePercent(change('500g', '450g', 400, 380))).toBe(6);
    // Price unknown: the same price assumed.
    expect(unitPriceChangePercent(change('2L', '1.8L', null, null))).toBe(11);
    expect(unitPriceChangePercent(change('450g', '500g'))).toBe(-10);
    expect(unitPriceChangePercent(change('500g', '1L'))).toBeNull();
  });

  it("are worded 'Smaller pack since 3 Nov: 500 g → 450 g, +11% per kg'", () => {
    expect(sizeChangeText(change('500g', '450g'))).toBe(
      'Smaller pack since 3 Nov: 500 g → 450 g, +11% per kg',
    );
    expect(sizeChangeText(change('2L', '1.8L'))).toBe('Smaller pack since 3 Nov: 2 L → 1.8 L, +11% per L');
    expect(sizeChangeText(change('10 pack', '8 pack'))).toBe(
      'Smaller pack since 3 Nov: 10 pack → 8 pack, +25% each',
    );
    expect(sizeChangeText(change('450g', '500g', 400, 500))).toBe(
      'Bigger pack since 3 Nov: 450 g → 500 g, +13% per kg',
    );
    expect(sizeChangeText(change('450g', '500g'))).toBe(
      'Bigger pack since 3 Nov: 450 g → 500 g, −10% per kg',
    );
  });

  it("date by New Zealand's calendar", () => {
    expect(nzDay(Date.parse('2026-11-02T12:00:00Z'))).toBe('3 Nov');
    expect(nzDay(Date.parse('2026-11-02T10:00:00Z'))).toBe('2 Nov');
  });
});

describe('a report', () => {
  it('names a store and one of four kinds; its note is optional, trimmed and at most 500 characters', () => {
    expect(ZPriceReportRequest.parse({ storeId: 3, kind: 'price', note: ' $5.49 on the shelf ' })).toEqual({
      storeId: 3,
      kind: 'price',
      note: '$5.49 on the shelf',
    });
    expect(ZPriceReportRequest.safeParse({ storeId: 3, kind: 'unavailable' }).success).toBe(true);
    expect(ZPriceReportRequest.safeParse({ storeId: 3, kind: 'smell' }).success).toBe(false);
    expect(ZPriceReportRequest.safeParse({ kind: 'price' }).success).toBe(false);
    expect(ZPriceReportRequest.safeParse({ storeId: 3, kind: 'size', note: 'x'.repeat(501) }).success).toBe(
      false,
    );
  });

  it('from enough households takes the price out of the cheapest split', () => {
    const price = (storeId: number, cents: number, reported?: true): Price => ({
      storeId,
      price: cents,
      basePrice: cents,
      comparativePrice: null,
      comparativeMeasure: null,
      promotionType: 0,
      ...(reported ? { reported } : {}),
    });
    const product = (prices: Price[]): Product => ({
      id: 1,
      name: 'Milk',
      brand: null,
      imageUrl: null,
      displayUnits: '2L',
      saleType: 0,
      minimumQuantity: 1,
      minimumIncrement: 1,
      bestPrice: null,
      highestPrice: null,
      prices,
    });
    const stores = [1, 2].map((id) => ({
      id,
      name: `Store ${id}`,
      type: 1 as const,
      latitude: null,
      longitude: null,
    }));
    const split = (prices: Price[]) =>
      splitCartByStore([{ product: product(prices), quantity: 1 }], stores, () => true);
    const where = (prices: Price[]) =>
      split(prices)
        .groups.filter((g) => g.lines.length)
        .map((g) => g.store.id);
    expect(where([price(1, 400), price(2, 450)])).toEqual([1]);
    expect(where([price(1, 400, true), price(2, 450)])).toEqual([2]);
    expect(split([price(1, 400, true)]).unpriced).toHaveLength(1);
  });
});

describe('trustedPriceRange', () => {
  it('leaves a reported price out of the range, unless every price is reported', () => {
    expect(trustedPriceRange([{ price: 479, reported: true }, { price: 529 }, { price: 560 }])).toEqual({
      best: 529,
      highest: 560,
    });
    expect(
      trustedPriceRange([
        { price: 479, reported: true },
        { price: 529, reported: true },
      ]),
    ).toEqual({
      best: 479,
      highest: 529,
    });
    expect(trustedPriceRange([])).toEqual({ best: null, highest: null });
  });
});

describe('seenSinceText (issue 45)', () => {
  it("says how far back Kete's history goes, on the NZ calendar", () => {
    expect(seenSinceText(Date.parse('2026-11-03T02:00:00Z'))).toBe('Kete has seen this price since 3 Nov');
    // 11:30 UTC on 2 Nov is already 3 Nov in Auckland.
    expect(seenSinceText(Date.parse('2026-11-02T11:30:00Z'))).toBe('Kete has seen this price since 3 Nov');
  });
});

describe('reports counted against the daily limit', () => {
  it("count a user's 'price' and 'unavailable' reports of one price once, and anything else apiece", () => {
    expect(reportsCounted([])).toBe(0);
    const price = { productId: 1, storeId: 7 };
    expect(
      reportsCounted([
        { ...price, kind: 'price' },
        { ...price, kind: 'unavailable' },
      ]),
    ).toBe(1);
    expect(
      reportsCounted([
        { ...price, kind: 'price' },
        { ...price, kind: 'match' },
        { ...price, kind: 'size' },
        { productId: 1, storeId: 8, kind: 'unavailable' },
        { productId: 2, storeId: 7, kind: 'price' },
      ]),
    ).toBe(5);
  });
});

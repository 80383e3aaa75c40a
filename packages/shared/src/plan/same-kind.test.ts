import { describe, expect, it } from 'vitest';
import { comparableSize, isAlternative, type KindProduct, kindKey, parsePackSize } from './same-kind.js';

let id = 0;
const product = (
  name: string,
  brand: string | null,
  displayUnits: string | null,
  extra: Partial<KindProduct> = {},
) => ({
  id: ++id,
  name,
  brand,
  displayUnits,
  category: 'dairy',
  saleType: 0,
  ...extra,
});

describe('parsePackSize', () => {
  it.each([
    ['2L', { amount: 2, measure: 'L' }],
    ['500g', { amount: 0.5, measure: 'kg' }],
    ['1.5 kg', { amount: 1.5, measure: 'kg' }],
    ['300ml', { amount: 0.3, measure: 'L' }],
    ['12 pack', { amount: 12, measure: 'ea' }],
    ['6pk', { amount: 6, measure: 'ea' }],
    ['4 x 250ml', { amount: 1, measure: 'L' }],
    ['ea', { amount: 1, measure: 'ea' }],
    ['per kg', { amount: 1, measure: 'kg' }],
  ])('reads %s', (text, size) => {
    const parsed = parsePackSize(text);
    expect(parsed?.measure).toBe(size.measure);
    expect(parsed?.amount).toBeCloseTo(size.amount, 9);
  });

  it('answers null for what it cannot read, and per kg for products sold by weight', () => {
    expect(parsePackSize('tea')).toBeNull();
    expect(parsePackSize(null)).toBeNull();
    expect(parsePackSize('bunch')).toBeNull();
    expect(parsePackSize(null, 1)).toEqual({ amount: 1, measure: 'kg' });
  });
});

describe('comparableSize', () => {
  it('takes sizes within 10% of each other, the same count of packs, and the same measure only', () => {
    expect(comparableSize(parsePackSize('2L'), parsePackSize('2000ml'))).toBe(true);
    expect(comparableSize(parsePackSize('700g'), parsePackSize('750g'))).toBe(true);
    expect(comparableSize(parsePackSize('1L'), parsePackSize('2L'))).toBe(false);
    expect(comparableSize(parsePackSize('12 pack'), parsePackSize('12pk'))).toBe(true);
    expect(comparableSize(parsePackSize('12 pack'), parsePackSize('10 pack'))).toBe(false);
    expect(comparableSize(parsePackSize('1kg'), parsePackSize('1L'))).toBe(false);
    expect(comparableSize(null, null)).toBe(true);
    expect(comparableSize(null, parsePackSize('1L'))).toBe(false);
  });
});

describe('kindKey', () => {
  it('leaves out the brand, sizes and house-range words, in any word order', () => {
    expect(kindKey({ name: 'Anchor Blue Top Milk 2L', brand: 'Anchor' })).toBe('blue milk top');
    expect(kindKey({ name: 'Milk Blue Top', brand: 'Meadow Fresh' })).toBe('blue milk top');
    expect(kindKey({ name: 'Pams Value Trim Milk', brand: 'Pams' })).toBe('milk trim');
    expect(kindKey({ name: "Fleming's Rolled Oats", brand: "Fleming's" })).toBe('oat rolled');
  });

  it('keeps words that change the kind, and folds a few spellings and plurals', () => {
    expect(kindKey({ name: 'Organic Trim Milk', brand: null })).toBe('milk organic trim');
    expect(kindKey({ name: 'Lite Cream', brand: null })).toBe(kindKey({ name: 'Light Cream', brand: null }));
    expect(kindKey({ name: 'Free Range Eggs Size 7', brand: null })).not.toBe(
      kindKey({ name: 'Free Range Eggs Size 6', brand: null }),
    );
    expect(kindKey({ name: 'Greek Yogurt', brand: null })).toBe('greek yoghurt');
  });
});

describe('isAlternative', () => {
  const trim = product('Trim Milk', 'Anchor', '2L');
  it('takes another brand of the same thing at a comparable size', () => {
    expect(isAlternative(trim, product('Pams Trim Milk', 'Pams', '2L'))).toBe(true);
  });
  it('refuses another kind, size, category or way of selling, and the product itself', () => {
    expect(isAlternative(trim, product('Organic Trim Milk', 'Lewis Road', '2L'))).toBe(false);
    expect(isAlternative(trim, product('Trim Milk', 'Pams', '1L'))).toBe(false);
    expect(isAlternative(trim, product('Trim Milk', 'Pams', '2L', { category: 'drinks' }))).toBe(false);
    expect(isAlternative(trim, product('Trim Milk', 'Pams', '2L', { saleType: 1 }))).toBe(false);
    expect(isAlternative(trim, trim)).toBe(false);
  });
  it('allows a missing category on one side (not every feed carries one)', () => {
    expect(isAlternative(trim, product('Trim Milk', 'Pams', '2L', { category: null }))).toBe(true);
  });
  it('compares sizes it cannot read as written', () => {
    const jumbo = product('Newborn Nappies', 'Huggies', 'Jumbo');
    expect(isAlternative(jumbo, product('Newborn Nappies', 'Pams', 'jumbo'))).toBe(true);
    expect(isAlternative(jumbo, product('Newborn Nappies', 'Pams', 'Bulk'))).toBe(false);
    expect(isAlternative(jumbo, product('Newborn Nappies', 'Pams', null))).toBe(false);
  });
  it('never matches on an empty name', () => {
    expect(isAlternative(product('Pams', 'Pams', '2L'), product('Pams', 'Pams', '2L'))).toBe(false);
  });
});

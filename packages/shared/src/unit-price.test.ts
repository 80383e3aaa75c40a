import { describe, expect, it } from 'vitest';
import { exactUnitPrice, normaliseUnitPrice } from './unit-price.js';

describe('normaliseUnitPrice', () => {
  it('compares per 100 g and per 1 kg as one: cents per kg', () => {
    expect(normaliseUnitPrice(52, '100g')).toEqual({ unitPrice: 520, unitMeasure: 'kg' });
    expect(normaliseUnitPrice(520, '1kg')).toEqual({ unitPrice: 520, unitMeasure: 'kg' });
    expect(normaliseUnitPrice(52, 'per 100g')).toEqual({ unitPrice: 520, unitMeasure: 'kg' });
    expect(normaliseUnitPrice(349, 'kg')).toEqual({ unitPrice: 349, unitMeasure: 'kg' });
    expect(normaliseUnitPrice(349, '1KGM')).toEqual({ unitPrice: 349, unitMeasure: 'kg' });
    expect(normaliseUnitPrice(171, '100 G')).toEqual({ unitPrice: 1710, unitMeasure: 'kg' });
  });

  it('gives liquids in cents per litre', () => {
    expect(normaliseUnitPrice(250, '1L')).toEqual({ unitPrice: 250, unitMeasure: 'L' });
    expect(normaliseUnitPrice(265, '1l')).toEqual({ unitPrice: 265, unitMeasure: 'L' });
    expect(normaliseUnitPrice(35, '100mL')).toEqual({ unitPrice: 350, unitMeasure: 'L' });
    expect(normaliseUnitPrice(300, '1.5L')).toEqual({ unitPrice: 200, unitMeasure: 'L' });
  });

  it('gives items in cents each', () => {
    expect(normaliseUnitPrice(45, '1ea')).toEqual({ unitPrice: 45, unitMeasure: 'ea' });
    expect(normaliseUnitPrice(45, 'each')).toEqual({ unitPrice: 45, unitMeasure: 'ea' });
    expect(normaliseUnitPrice(120, '10 sheets')).toEqual({ unitPrice: 12, unitMeasure: 'ea' });
  });

  it('rounds to whole cents', () => {
    expect(normaliseUnitPrice(1, '3g')).toEqual({ unitPrice: 333, unitMeasure: 'kg' });
  });

  it('is null for a missing price or a measure it cannot read', () => {
    expect(normaliseUnitPrice(null, '1kg')).toBeNull();
    expect(normaliseUnitPrice(100, null)).toBeNull();
    expect(normaliseUnitPrice(100, 'per serve')).toBeNull();
    expect(normaliseUnitPrice(100, '0g')).toBeNull();
    expect(normaliseUnitPrice(100, '')).toBeNull();
  });
});

describe('exactUnitPrice', () => {
  it('gives a 1 kg pack to the cent, not rounded to 10 cents by the per-100 g quote', () => {
    // $14.69 Edam, quoted $1.47/100g: '$14.69/kg', not '$14.70/kg'.
    expect(exactUnitPrice(1469, 147, '100g', { amount: 1, measure: 'kg' })).toEqual({
      unitPrice: 1469,
      unitMeasure: 'kg',
    });
    expect(exactUnitPrice(309, 31, '100g', { amount: 1, measure: 'kg' })).toEqual({
      unitPrice: 309,
      unitMeasure: 'kg',
    });
    // 500 g at $4.99 quoted $1.00/100g: $9.98/kg.
    expect(exactUnitPrice(499, 100, '100g', { amount: 0.5, measure: 'kg' })?.unitPrice).toBe(998);
  });

  it('keeps the quote when the pack is unknown, of another measure or disagrees', () => {
    expect(exactUnitPrice(1469, 147, '100g', null)).toEqual({ unitPrice: 1470, unitMeasure: 'kg' });
    expect(exactUnitPrice(579, 290, '1L', { amount: 6, measure: 'ea' })).toEqual({
      unitPrice: 290,
      unitMeasure: 'L',
    });
    // A misread pack (1 kg read for a 2 kg bag) does not beat the chain's figure.
    expect(exactUnitPrice(1469, 73, '100g', { amount: 1, measure: 'kg' })).toEqual({
      unitPrice: 730,
      unitMeasure: 'kg',
    });
    expect(exactUnitPrice(500, null, null, { amount: 1, measure: 'kg' })).toBeNull();
  });
});

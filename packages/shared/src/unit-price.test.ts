import { describe, expect, it } from 'vitest';
import { normaliseUnitPrice } from './unit-price.js';

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

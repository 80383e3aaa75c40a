import { describe, expect, it } from 'vitest';
import { rowVerdict, verdictOf } from './price-verdict.js';
import { cheapestUnitPriceText, formatUnitPrice, unitPriceText } from './unit-price.js';

const rated = (over: Partial<Parameters<typeof verdictOf>[0]>) => ({
  price: 350,
  priorPrice: 470,
  usualPrice: 450,
  lowest365: 340,
  dealRating: null,
  ...over,
});

describe('the verdict badge', () => {
  it('says nothing for a price that is not on promotion', () => {
    expect(verdictOf(rated({ dealRating: null }))).toBeNull();
    expect(verdictOf(rated({ dealRating: undefined }))).toBeNull();
  });

  it("words 'great' with the year's low and the usual price in the reason", () => {
    const verdict = verdictOf(rated({ dealRating: 'great' }));
    expect(verdict).toMatchObject({ label: 'Great price', tone: 'good' });
    expect(verdict?.reason).toBe(
      '$3.50 is at or near the lowest price here in a year ($3.40) and below the usual $4.50.',
    );
  });

  it("words 'genuine' as the saving against the prior price (the Omnibus rule)", () => {
    const verdict = verdictOf(rated({ dealRating: 'genuine', price: 350, priorPrice: 470 }));
    expect(verdict?.label).toBe('Real saving $1.20');
    expect(verdict?.tone).toBe('good');
    expect(verdict?.reason).toBe(
      '$3.50 is below $4.70, the lowest price here in the 30 days before the special.',
    );
    expect(verdictOf(rated({ dealRating: 'genuine', priorPrice: null }))?.label).toBe('Real saving');
  });

  it("words 'usual' and 'none' as warnings", () => {
    expect(verdictOf(rated({ dealRating: 'usual' }))).toMatchObject({ label: 'Usual price', tone: 'warn' });
    const none = verdictOf(rated({ dealRating: 'none', price: 470, priorPrice: 450 }));
    expect(none).toMatchObject({ label: 'No real saving', tone: 'warn' });
    expect(none?.reason).toBe(
      '$4.70 is not below $4.50, the lowest price here in the 30 days before the special.',
    );
  });

  it("words 'unknown' calmly: Kete does not know, it does not warn (issue 33)", () => {
    const unknown = verdictOf(rated({ dealRating: 'unknown', priorPrice: null }));
    expect(unknown).toMatchObject({
      label: 'New to Kete',
      tone: 'calm',
      reason: 'New to Kete: not enough history to judge.',
    });
  });

  it("takes a row's badge from the lowest price only, the best verdict among ties", () => {
    const cheapUsual = rated({ price: 300, dealRating: 'usual' });
    const dearGreat = rated({ price: 400, dealRating: 'great' });
    expect(rowVerdict([dearGreat, cheapUsual])?.label).toBe('Usual price');
    const tiedGenuine = rated({ price: 300, priorPrice: 420, dealRating: 'genuine' });
    expect(rowVerdict([cheapUsual, tiedGenuine])?.label).toBe('Real saving $1.20');
    expect(rowVerdict([rated({ price: 300 }), dearGreat])).toBeNull();
    expect(rowVerdict([])).toBeNull();
  });
});

describe('unit prices', () => {
  it("reads like a shelf ticket: '$2.49/L'", () => {
    expect(formatUnitPrice(249, 'L')).toBe('$2.49/L');
    expect(formatUnitPrice(1290, 'kg')).toBe('$12.90/kg');
    expect(formatUnitPrice(55, 'ea')).toBe('$0.55/ea');
  });

  it('is left out when unknown, or when a single item per each is just its price', () => {
    expect(unitPriceText({ price: 499, unitPrice: null, unitMeasure: null })).toBeNull();
    expect(unitPriceText({ price: 499, unitPrice: undefined, unitMeasure: 'L' })).toBeNull();
    expect(unitPriceText({ price: 499, unitPrice: 499, unitMeasure: 'ea' })).toBeNull();
    expect(unitPriceText({ price: 660, unitPrice: 55, unitMeasure: 'ea' })).toBe('$0.55/ea');
    expect(unitPriceText({ price: 499, unitPrice: 250, unitMeasure: 'L' })).toBe('$2.50/L');
  });

  it("shows a product's cheapest unit price among its stores", () => {
    expect(
      cheapestUnitPriceText([
        { price: 560, unitPrice: 280, unitMeasure: 'L' },
        { price: 499, unitPrice: 250, unitMeasure: 'L' },
        { price: 450, unitPrice: null, unitMeasure: null },
      ]),
    ).toBe('$2.50/L');
    expect(cheapestUnitPriceText([{ price: 450, unitPrice: null, unitMeasure: null }])).toBeNull();
  });
});

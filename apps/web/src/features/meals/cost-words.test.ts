import { describe, expect, it } from 'vitest';
import { pricedWords } from './cost-words.js';

describe("a recipe's cost headline", () => {
  it('names how many of the ingredients are in the price', () => {
    expect(pricedWords({ priced: 5, counted: 8 })).toBe('5 of 8 ingredients priced');
    expect(pricedWords({ priced: 0, counted: 3 })).toBe('0 of 3 ingredients priced');
  });

  it('says "ingredient" for a recipe of one line', () => {
    expect(pricedWords({ priced: 1, counted: 1 })).toBe('1 of 1 ingredient priced');
  });

  it('says nothing when no line counts (all to taste)', () => {
    expect(pricedWords({ priced: 0, counted: 0 })).toBe('');
  });
});

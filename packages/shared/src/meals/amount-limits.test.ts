import { describe, expect, it } from 'vitest';
import { amountTooLarge, tooLargeMessage } from './amount-limits.js';
import { parseIngredientLine } from './ingredient-parse.js';

const why = (line: string) => amountTooLarge(parseIngredientLine(line));

describe('amounts too large to be real', () => {
  it.each([
    ['101 kg flour', 'more than 100 kg'],
    ['100001 g sugar', 'more than 100 kg'],
    ['101 litres milk', 'more than 100 litres'],
    ['1001 eggs', 'more than 1,000'],
    ['2000 cups rice', 'more than 100 litres'],
    ['1001 tsp salt flakes', 'more than 1,000'],
  ])('%s asks for %s', (line, expected) => {
    expect(why(line)).toBe(expected);
  });

  it.each([
    '100 kg flour',
    '2000 g flour',
    '5000 ml water',
    '1000 eggs',
    '12 cans tomatoes',
    'salt to taste',
  ])('%s is fine', (line) => {
    expect(why(line)).toBeNull();
  });

  it('names the first line that asks too much', () => {
    const lines = ['1 cup flour', '5000 kg butter'].map(parseIngredientLine);
    expect(tooLargeMessage(lines)).toBe("'5000 kg butter' asks for more than 100 kg. Check the amount.");
  });
});

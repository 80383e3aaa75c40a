// Issue 43 item 6: no line can hold the server. parse-ingredient's quantity search was quadratic
// in a run of number-like characters (4,500 characters of '½⅓¼' took 2.5 s in the library alone).
import { describe, expect, it } from 'vitest';
import { PARSED_LINE_MAX_LENGTH, parseIngredientLine } from './ingredient-parse.js';

/** The median of 5 parses: the test machine is shared, and one slow run is not the parser's. */
const msToParse = (line: string) => {
  const times = Array.from({ length: 5 }, () => {
    const started = performance.now();
    parseIngredientLine(line);
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b)[2] as number;
};

describe('parsing a hostile line', () => {
  it('answers a 4,500-character line of fractions in well under 100 ms', () => {
    expect(msToParse('½⅓¼'.repeat(1_500))).toBeLessThan(100);
  });

  // Each shape a stranger might paste, at the longest length a line is read to: the worst case
  // must be a few milliseconds, or 80 such lines in one recipe would hold the server.
  const shapes: [string, string][] = [
    ['fractions', '½⅓¼'],
    ['digits', '1'],
    ['digits and spaces', '1 '],
    ['slashes', '1/'],
    ['ranges', '1-'],
    ['decimals', '1.'],
    ['superscripts', '¹²³'],
    ['fractions before a unit', '½ '],
    ['units', '1 cup '],
    ['times', '2 x '],
    ['brackets', '(1 '],
    ['words', 'chopped '],
    ['or', ' or 2'],
  ];
  it.each(shapes)('reads a line of %s in under 10 ms', (_, piece) => {
    const line = `${piece.repeat(Math.ceil(PARSED_LINE_MAX_LENGTH / piece.length))} cup flour`;
    parseIngredientLine(line); // warm
    expect(msToParse(line)).toBeLessThan(10);
    expect(msToParse(`1 cup flour ${line}`)).toBeLessThan(10);
  });

  it('reads only the first 300 characters of a line', () => {
    const parsed = parseIngredientLine(`2 cups flour ${'x'.repeat(500)}`);
    expect(parsed.quantity).toBe(2);
    expect(parsed.line.length).toBeLessThanOrEqual(PARSED_LINE_MAX_LENGTH);
  });

  it('still reads ordinary amounts after long number runs are cut', () => {
    expect(parseIngredientLine('1 1/2 - 2 3/4 cups milk')).toMatchObject({ quantity: 2.75, unit: 'cup' });
    expect(parseIngredientLine('1½ cups milk')).toMatchObject({ quantity: 1.5, unit: 'cup' });
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_LINES, MAX_IMPORT_QUANTITY, parseImportLine, parseImportText } from './list-import.js';

describe('parseImportLine', () => {
  it.each([
    ['2 x milk 2L', 'milk 2L', 2],
    ['2x milk', 'milk', 2],
    ['2 × milk', 'milk', 2],
    ['3* eggs', 'eggs', 3],
    ['milk x 2', 'milk', 2],
    ['milk x2', 'milk', 2],
    ['Milk ×3', 'Milk', 3],
    ['bread', 'bread', 1],
    ['3 bananas', 'bananas', 3],
    ['Bread (2)', 'Bread', 2],
    ['Bread (x2)', 'Bread', 2],
    ['- bread', 'bread', 1],
    ['* [ ] eggs', 'eggs', 1],
    ['• 2 x butter', 'butter', 2],
    ['[x] cheese', 'cheese', 1],
    ['1. bread', 'bread', 1],
    ['2) 3 x apples', 'apples', 3],
    ['  lots   of   spaces  ', 'lots of spaces', 1],
  ])('%j -> %j x %i', (raw, text, quantity) => {
    expect(parseImportLine(raw)).toEqual({ text, quantity });
  });

  it.each([['2L milk'], ['2 L milk'], ['500 g mince'], ['1.5kg potatoes'], ['12 pack eggs']])(
    'keeps a pack size in front as part of the text: %j',
    (raw) => {
      expect(parseImportLine(raw)).toEqual({ text: raw, quantity: 1 });
    },
  );

  it('does not read a trailing number without an x as a count (eggs 12 is a pack)', () => {
    expect(parseImportLine('eggs 12')).toEqual({ text: 'eggs 12', quantity: 1 });
  });

  it('drops a price written after the item, as the text export writes it', () => {
    expect(parseImportLine('2 x Anchor Blue Top Milk 2L ($6.58)')).toEqual({
      text: 'Anchor Blue Top Milk 2L',
      quantity: 2,
    });
    expect(parseImportLine('bread - $3.50')).toEqual({ text: 'bread', quantity: 1 });
  });

  it.each([[''], ['   '], ['Dairy:'], ['# weekly shop'], ['---'], ['2'], ['$4.50'], ['Total: $12.00']])(
    'skips %j',
    (raw) => {
      expect(parseImportLine(raw)).toBeNull();
    },
  );

  it('caps a quantity and refuses zero', () => {
    expect(parseImportLine('1500 x milk')).toEqual({ text: '1500 x milk', quantity: 1 });
    expect(parseImportLine('150 x milk')?.quantity).toBe(MAX_IMPORT_QUANTITY);
    expect(parseImportLine('0 x milk')).toBeNull();
  });
});

describe('parseImportText', () => {
  it('reads every line, merging repeats (ignoring case) by adding quantities', () => {
    const text = 'Shopping:\r\n2 x milk\nbread\n\n- Milk\nMILK x 3\r\neggs';
    expect(parseImportText(text)).toEqual([
      { text: 'milk', quantity: 6 },
      { text: 'bread', quantity: 1 },
      { text: 'eggs', quantity: 1 },
    ]);
  });

  it(`keeps at most ${MAX_IMPORT_LINES} lines`, () => {
    const text = Array.from({ length: MAX_IMPORT_LINES + 20 }, (_, i) => `item ${i}a`).join('\n');
    expect(parseImportText(text)).toHaveLength(MAX_IMPORT_LINES);
  });
});

import { describe, expect, it } from 'vitest';
import { prefixWithinOneEdit, withinOneEdit } from './one-edit.js';

describe('one edit apart', () => {
  it('takes a changed, dropped, added or swapped letter', () => {
    expect(withinOneEdit('chicken', 'chicken')).toBe(true);
    expect(withinOneEdit('chiken', 'chicken')).toBe(true); // dropped
    expect(withinOneEdit('chickken', 'chicken')).toBe(true); // added
    expect(withinOneEdit('chivken', 'chicken')).toBe(true); // changed
    expect(withinOneEdit('chikcen', 'chicken')).toBe(true); // swapped neighbours
    expect(withinOneEdit('hcicken', 'chicken')).toBe(true); // swapped at the start
    expect(withinOneEdit('chickex', 'chicken')).toBe(true); // changed at the end
  });

  it('refuses two edits', () => {
    expect(withinOneEdit('chikn', 'chicken')).toBe(false);
    expect(withinOneEdit('chekin', 'chicken')).toBe(false);
    expect(withinOneEdit('kcihcen', 'chicken')).toBe(false);
    expect(withinOneEdit('bread', 'butter')).toBe(false);
    expect(withinOneEdit('abc', 'cab')).toBe(false);
  });

  it('compares with the start of a longer word, without copying it', () => {
    expect(withinOneEdit('chik', 'chicken', 5)).toBe(true);
    expect(withinOneEdit('chick', 'chicken', 9)).toBe(false);
    expect(prefixWithinOneEdit('chiken', 'chickens')).toBe(7);
    expect(prefixWithinOneEdit('sausga', 'sausages')).toBe(5); // 'sausa' less its 'g'
    expect(prefixWithinOneEdit('yoghrt', 'yoghurt')).toBe(7);
    expect(prefixWithinOneEdit('tomatp', 'tomato')).toBe(5);
    expect(prefixWithinOneEdit('cabbage', 'carrot')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { initials, promotionBadge, sharedNameOf } from './text.js';

describe('promotionBadge', () => {
  it("adds an 's' only when more than one item is on promotion", () => {
    expect(promotionBadge(1)).toBe('1 item on promotion');
    expect(promotionBadge(2)).toBe('2 items on promotion');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('jane mary doe')).toBe('JD');
    expect(initials('Aroha')).toBe('A');
    expect(initials('  ')).toBe('?');
  });
});

describe('sharedNameOf', () => {
  it("falls back to 'My Kete'", () => {
    expect(sharedNameOf({ sharedName: null })).toBe('My Kete');
    expect(sharedNameOf({ sharedName: '  ' })).toBe('My Kete');
    expect(sharedNameOf({ sharedName: 'The Smiths' })).toBe('The Smiths');
  });
});

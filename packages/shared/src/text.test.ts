import { describe, expect, it } from 'vitest';
import { distinctSharedNames, initials, promotionBadge, sharedNameOf } from './text.js';

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

  it('shows a list someone else owns by their first name until they name it (issue 49)', () => {
    expect(sharedNameOf({ sharedName: null, ownerName: 'Aroha' })).toBe("Aroha's Kete");
    expect(sharedNameOf({ sharedName: null, ownerName: '  Aroha  Ngata ' })).toBe("Aroha's Kete");
    expect(sharedNameOf({ sharedName: 'Whānau kai', ownerName: 'Aroha' })).toBe('Whānau kai');
    expect(sharedNameOf({ sharedName: null, ownerName: ' ' })).toBe('My Kete');
  });
});

describe('distinctSharedNames', () => {
  it('never gives two chips the same name', () => {
    expect(
      distinctSharedNames([
        { sharedName: null },
        { sharedName: null, ownerName: 'Aroha' },
        { sharedName: null, ownerName: 'Aroha Smith' },
        { sharedName: 'my kete', ownerName: 'Mere' },
        { sharedName: "Aroha's Kete (2)" },
      ]),
    ).toEqual(['My Kete', "Aroha's Kete", "Aroha's Kete (2)", 'my kete (2)', "Aroha's Kete (2) (2)"]);
    expect(distinctSharedNames([{ sharedName: 'Flat' }, { sharedName: null, ownerName: 'Tama' }])).toEqual([
      'Flat',
      "Tama's Kete",
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { AISLES, aisleOf, groupByAisle } from './aisle-order.js';

describe('aisleOf', () => {
  it.each([
    ['Blue Top Milk', 'dairy'],
    ['Chocolate Milk', 'dairy'],
    ['Milk Chocolate', 'pantry'],
    ['Peanut Butter', 'pantry'],
    ['Salted Butter', 'dairy'],
    ['Frozen Peas', 'frozen'],
    ['Vanilla Ice Cream', 'frozen'],
    ['Frozen Chips Value', 'frozen'],
    ['Potato Chips', 'pantry'],
    ['Royal Gala Apples', 'produce'],
    ['Tomato Sauce', 'pantry'],
    ['Tomatoes', 'produce'],
    ['Hot Cross Buns', 'bakery'],
    ['Rolled Oats', 'pantry'],
    ['Free Range Eggs', 'dairy'],
    ['Beef Mince', 'meat'],
    ['Dishwasher Tablets', 'household'],
    ['Wet Cat Food', 'pet'],
    ['Cat Litter', 'pet'],
    ['Baby Food Pouch', 'baby'],
    ['Nappies', 'baby'],
    ['Sparkling Water', 'drinks'],
    ['Gift card', 'other'],
  ])('%j is in %s', (name, aisle) => {
    expect(aisleOf({ name })).toBe(aisle);
  });

  it("takes the catalogue's category when there is one", () => {
    expect(aisleOf({ name: 'Fish Fillets', category: 'frozen' })).toBe('frozen');
    expect(aisleOf({ name: 'Fish Fillets', category: 'Something new' })).toBe('meat');
  });
});

describe('groupByAisle', () => {
  it('walks from fruit and veg to the freezers, keeping the list order inside an aisle', () => {
    const names = ['Ice Cream', 'Trim Milk', 'Bananas', 'White Bread', 'Rice', 'Apples', 'Toilet Paper'];
    const groups = groupByAisle(names, (name) => ({ name }));
    expect(groups.map((g) => [g.aisle.key, g.items])).toEqual([
      ['produce', ['Bananas', 'Apples']],
      ['bakery', ['White Bread']],
      ['pantry', ['Rice']],
      ['household', ['Toilet Paper']],
      ['dairy', ['Trim Milk']],
      ['frozen', ['Ice Cream']],
    ]);
  });

  it('starts with produce and ends with frozen', () => {
    expect(AISLES[0]?.key).toBe('produce');
    expect(AISLES.at(-1)?.key).toBe('frozen');
  });
});

describe('groupByAisle in a store order', () => {
  it('follows the order given, the aisles it leaves out in chain order after it', () => {
    const items = [{ name: 'Blue Top Milk' }, { name: 'Apples' }, { name: 'Frozen Peas' }, { name: 'Bread' }];
    const groups = groupByAisle(items, (item) => item, ['frozen', 'dairy']);
    expect(groups.map((g) => g.aisle.key)).toEqual(['frozen', 'dairy', 'produce', 'bakery']);
  });
});

// Matching in NZ shelf words (issue 43 item 2): a recipe's American or British word finds the
// product NZ shops sell under another, and the product with the ingredient's deciding words wins.
import { describe, expect, it } from 'vitest';
import { chooseProduct, type MatchCandidate } from './ingredient-match.js';
import { parseIngredientLine } from './ingredient-parse.js';
import { shelfName } from './ingredient-synonyms.js';

const shelf: MatchCandidate[] = [
  ['White Sugar', '1.5kg'],
  ['Icing Sugar', '500g'],
  ['Caster Sugar', '1kg'],
  ['Salted Butter', '500g'],
  ['Unsalted Butter', '500g'],
  ['Plain Flour', '1.5kg'],
  ['Self Raising Flour', '1.5kg'],
  ['Cornflour', '400g'],
  ['Coriander', 'each'],
  ['Spring Onions', 'each'],
  ['Brown Onions', 'per kg'],
  ['Courgettes', 'per kg'],
  ['Rocket', '120g'],
  ['Kumara Red', 'per kg'],
  ['Capsicum Red', 'each'],
  ['Beef Mince', '500g'],
  ['Chicken Stock', '1L'],
  ['Cream', '300ml'],
  ['Chickpeas', '400g'],
  ['Prawns Cooked', '500g'],
].map(([name, size], index) => ({
  id: index + 1,
  name: name as string,
  brand: null,
  displayUnits: size === 'per kg' ? 'per kg' : (size as string),
  saleType: size === 'per kg' ? 1 : 0,
  price: 100 + index,
}));

const bought = (line: string) => chooseProduct(parseIngredientLine(line), shelf)?.name ?? null;

describe('shelf words', () => {
  it.each([
    ['1 cup confectioners’ sugar', 'Icing Sugar'],
    ['1 cup powdered sugar', 'Icing Sugar'],
    ['2 cups all-purpose flour', 'Plain Flour'],
    ['2 tbsp cornstarch', 'Cornflour'],
    ['1 bunch cilantro', 'Coriander'],
    ['4 scallions, sliced', 'Spring Onions'],
    ['3 green onions, sliced', 'Spring Onions'],
    ['2 zucchini, grated', 'Courgettes'],
    ['2 cups arugula', 'Rocket'],
    ['2 sweet potatoes', 'Kumara Red'],
    ['1 red bell pepper', 'Capsicum Red'],
    ['1 lb ground beef', 'Beef Mince'],
    ['4 cups chicken broth', 'Chicken Stock'],
    ['1 cup heavy cream', 'Cream'],
    ['1 (15-ounce) can garbanzo beans', 'Chickpeas'],
    ['1 lb shrimp', 'Prawns Cooked'],
  ])('%s buys %s', (line, product) => {
    expect(bought(line)).toBe(product);
  });

  it('keeps the words it does not know', () => {
    expect(shelfName('fresh scallions and cilantro leaves')).toBe('fresh spring onions and coriander leaves');
    expect(shelfName('scallionish thing')).toBe('scallionish thing');
  });
});

describe('the deciding words', () => {
  it.each([
    ['1 cup icing sugar', 'Icing Sugar'],
    ['1 cup caster sugar', 'Caster Sugar'],
    ['1 cup sugar', 'White Sugar'],
    ['125g unsalted butter', 'Unsalted Butter'],
    ['125g salted butter', 'Salted Butter'],
    ['2 cups self-raising flour', 'Self Raising Flour'],
    ['2 cups plain flour', 'Plain Flour'],
  ])('%s buys %s', (line, product) => {
    expect(bought(line)).toBe(product);
  });

  it('does not sell brown onions for green ones', () => {
    const noSpring = shelf.filter((product) => product.name !== 'Spring Onions');
    expect(chooseProduct(parseIngredientLine('3 green onions'), noSpring)).toBeNull();
  });
});

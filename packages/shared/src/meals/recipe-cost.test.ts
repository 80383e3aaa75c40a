import { describe, expect, it } from 'vitest';
import { chooseProduct, ingredientKey, matchScore } from './ingredient-match.js';
import { parseIngredientLine } from './ingredient-parse.js';
import {
  type CostedProduct,
  costIngredient,
  isBigPack,
  listQuantity,
  recipeCost,
  subtractPantry,
  sumNeeds,
} from './recipe-cost.js';
import { convertAmount, packAmount } from './units.js';

let nextId = 1;
const product = (
  name: string,
  displayUnits: string,
  price: number | null,
  extra: Partial<CostedProduct> = {},
) =>
  ({
    id: nextId++,
    name,
    brand: null,
    displayUnits,
    saleType: 0,
    price,
    minimumQuantity: 1,
    minimumIncrement: 1,
    ...extra,
  }) satisfies CostedProduct;

const milk2l = product('Blue Top Milk', '2L', 400);
const milk1l = product('Blue Top Milk', '1L', 250);
const butter = product('Salted Butter', '500g', 700);
const peanutButter = product('Smooth Peanut Butter', '380g', 450);
const onions = product('Brown Onions', 'per kg', 300, {
  saleType: 1,
  minimumQuantity: 0.2,
  minimumIncrement: 0.1,
});
const eggs = product('Free Range Size 7 Eggs', '12 pack', 900);
const flour = product('Standard Grade Flour', '1.5kg', 300);
const coconutCream = product('Coconut Cream', '400ml', 200);
const cream = product('Fresh Cream', '300ml', 369);

describe('pack amounts and units', () => {
  it('reads the display units of packs and loose produce', () => {
    expect(packAmount(milk2l)).toEqual({ amount: { value: 2000, kind: 'volume' }, loose: false });
    expect(packAmount(flour)?.amount).toEqual({ value: 1500, kind: 'mass' });
    expect(packAmount(eggs)?.amount).toEqual({ value: 12, kind: 'count' });
    expect(packAmount({ displayUnits: '4 x 100g', saleType: 0 })?.amount).toEqual({
      value: 400,
      kind: 'mass',
    });
    expect(packAmount(onions)).toEqual({ amount: { value: 1000, kind: 'mass' }, loose: true });
    expect(packAmount({ displayUnits: 'assorted', saleType: 0 })).toBeNull();
  });

  it('converts kitchen volumes to weight only for foods it knows', () => {
    expect(convertAmount({ value: 250, kind: 'volume' }, 'mass', 'flour')).toBe(150);
    expect(convertAmount({ value: 15, kind: 'volume' }, 'mass', 'butter')).toBeCloseTo(14.25);
    expect(convertAmount({ value: 2, kind: 'count' }, 'mass', 'onions')).toBe(300);
    expect(convertAmount({ value: 250, kind: 'volume' }, 'mass', 'mystery powder')).toBeNull();
  });
});

describe('matching', () => {
  it('needs every telling word and refuses another food', () => {
    expect(matchScore('butter', butter)).toEqual({ common: 1, other: 1 });
    expect(matchScore('butter', peanutButter)).toBeNull();
    expect(matchScore('coconut cream', cream)).toBeNull();
    expect(matchScore('cream', coconutCream)).toBeNull();
    expect(matchScore('brown onions', onions)).toEqual({ common: 2, other: 0 });
    expect(matchScore('onions', onions)).toEqual({ common: 1, other: 1 });
  });

  it('chooses a priced product of a fitting unit kind, the cheapest per unit among equals', () => {
    const all = [peanutButter, butter, milk2l, milk1l, onions, eggs, cream, coconutCream];
    expect(chooseProduct(parseIngredientLine('50g butter'), all)?.id).toBe(butter.id);
    expect(chooseProduct(parseIngredientLine('500 ml milk'), all)?.id).toBe(milk2l.id);
    expect(chooseProduct(parseIngredientLine('2 onions, chopped'), all)?.id).toBe(onions.id);
    expect(chooseProduct(parseIngredientLine('1 (400g) can coconut cream'), all)?.id).toBe(coconutCream.id);
    expect(
      chooseProduct(parseIngredientLine('1 cup mystery powder'), [product('Mystery Powder', '1kg', 100)]),
    ).toBeNull();
    expect(chooseProduct(parseIngredientLine('400ml coconut cream'), all)?.id).toBe(coconutCream.id);
    expect(chooseProduct(parseIngredientLine('2 eggs'), [product('Eggs', '12 pack', null)])).toBeNull();
  });

  it('remembers choices by the name words, ignoring order and plurals', () => {
    expect(ingredientKey('Tomatoes, chopped')).toBe(ingredientKey('chopped tomato'));
  });
});

describe('costing', () => {
  it('costs the share of the pack at the cheapest price', () => {
    expect(costIngredient(parseIngredientLine('500ml milk'), milk2l)).toEqual({
      status: 'priced',
      share: 0.25,
      cost: 100,
    });
    expect(costIngredient(parseIngredientLine('2 tbsp butter'), butter).cost).toBe(40); // 28.5 g of 500 g
    expect(costIngredient(parseIngredientLine('3 eggs'), eggs)).toMatchObject({ share: 0.25, cost: 225 });
    expect(costIngredient(parseIngredientLine('2 onions'), onions)).toMatchObject({ share: 0.3, cost: 90 });
    expect(costIngredient(parseIngredientLine('salt to taste'), null).status).toBe('toTaste');
    expect(costIngredient(parseIngredientLine('8 slices bacon'), null).status).toBe('unpriced');
    expect(costIngredient(parseIngredientLine('2 eggs'), product('Eggs', '12 pack', null)).status).toBe(
      'unpriced',
    );
  });

  it('rounds up to whole packs, or to the weight steps of loose produce', () => {
    expect(listQuantity(milk2l, 0.75)).toBe(1);
    expect(listQuantity(milk2l, 1.0000000001)).toBe(1);
    expect(listQuantity(milk2l, 1.2)).toBe(2);
    expect(listQuantity(onions, 0.15)).toBe(0.2);
    expect(listQuantity(onions, 0.45)).toBe(0.5);
    expect(listQuantity(onions, 0)).toBe(0);
  });

  it('sums the same product across recipes before rounding: 500 ml + 1 l is 1.5 l, one 2 L bottle', () => {
    const half = costIngredient(parseIngredientLine('500 ml milk'), milk2l).share ?? 0;
    const litre = costIngredient(parseIngredientLine('1 l milk'), milk2l).share ?? 0;
    const needs = sumNeeds([
      { product: milk2l, share: half },
      { product: eggs, share: 0.25 },
      { product: milk2l, share: litre },
    ]);
    expect(needs.map((n) => [n.product.id, n.share, n.quantity])).toEqual([
      [milk2l.id, 0.75, 1],
      [eggs.id, 0.25, 1],
    ]);
  });

  it('takes the pantry off, leaving a valid quantity', () => {
    expect(subtractPantry(milk2l, 3, 1)).toEqual({ toAdd: 2, covered: 1 });
    expect(subtractPantry(milk2l, 1, 2)).toEqual({ toAdd: 0, covered: 1 });
    expect(subtractPantry(onions, 0.5, 0.4)).toEqual({ toAdd: 0.2, covered: 0.3 });
    expect(subtractPantry(milk2l, 2, 0)).toEqual({ toAdd: 2, covered: 0 });
  });

  it('costs a recipe: total, per serving, whole packs to buy and what is unpriced', () => {
    const lines = [
      '500ml milk',
      '1 cup milk',
      '3 eggs',
      '2 tbsp butter',
      'Salt to taste',
      '8 slices bacon',
    ].map((line) => parseIngredientLine(line));
    const products = [milk2l, milk2l, eggs, butter, null, null];
    const cost = recipeCost(
      lines.map((ingredient, i) => ({ ingredient, product: products[i] ?? null })),
      4,
    );
    // milk 100 + 50, eggs 225, butter 40 (28.5 g × 700/500 = 39.9)
    expect(cost).toEqual({
      total: 415,
      perServing: 104,
      toBuy: 400 + 900 + 700,
      unpriced: 2,
      // Salt to taste is left out quietly; the bacon counts, unpriced.
      priced: 4,
      counted: 5,
      // 28.5 g of 500 g butter is a big pack; 750 ml of 2 L milk and 3 of 12 eggs are not.
      bigPacks: [butter.id],
    });
    const forTwo = recipeCost(
      lines.map((ingredient, i) => ({ ingredient, product: products[i] ?? null })),
      4,
      2,
    );
    expect(forTwo.total).toBe(Math.round(75) + Math.round(112.5) + Math.round(19.95));
  });
});

describe('how sure the cost is', () => {
  const flour5kg = product('Standard Grade Flour', '5kg', 1200);
  const costOne = (line: string, of: CostedProduct) =>
    recipeCost([{ ingredient: parseIngredientLine(line), product: of }], 1);

  it('costs one cup from a 5 kg bag by the share used, and flags the big pack', () => {
    const cup = costIngredient(parseIngredientLine('1 cup flour'), flour5kg);
    // A cup of flour is 125-150 g: about 3% of the bag, well under a dollar of its $12.
    expect(cup.share).toBeGreaterThan(0.02);
    expect(cup.share).toBeLessThan(0.04);
    expect(cup.cost).toBe(Math.round((cup.share ?? 0) * 1200));
    expect(costOne('1 cup flour', flour5kg)).toMatchObject({
      total: cup.cost,
      toBuy: 1200,
      bigPacks: [flour5kg.id],
    });
  });

  it('flags a pack ten or more times what the recipe needs, not one it uses a good part of', () => {
    expect(isBigPack(milk2l, 0.1)).toBe(true); // 200 ml
    expect(isBigPack(milk2l, 0.125)).toBe(false); // a cup
    expect(isBigPack(milk2l, 1.5)).toBe(false);
    expect(isBigPack(milk2l, 0)).toBe(false);
    expect(costOne('200ml milk', milk2l).bigPacks).toEqual([milk2l.id]);
    expect(costOne('250ml milk', milk2l).bigPacks).toEqual([]);
    expect(costOne('1 egg', eggs).bigPacks).toEqual([eggs.id]);
    expect(costOne('2 eggs', eggs).bigPacks).toEqual([]);
  });

  it('sums the lines of one product before judging: 4 cups of flour from 5 kg are not a big pack', () => {
    const lines = ['2 cups flour', '2 cups flour'].map((line) => ({
      ingredient: parseIngredientLine(line),
      product: flour5kg,
    }));
    expect(recipeCost(lines, 2).bigPacks).toEqual([]);
    expect(recipeCost(lines.slice(0, 1), 2).bigPacks).toEqual([flour5kg.id]);
  });

  it('judges the amount cooked: a cup of flour for 40 from a recipe for 4 is not a big pack', () => {
    const line = [{ ingredient: parseIngredientLine('1 cup flour'), product: flour5kg }];
    expect(recipeCost(line, 4).bigPacks).toEqual([flour5kg.id]);
    expect(recipeCost(line, 4, 40).bigPacks).toEqual([]);
  });

  it('does not flag loose produce, bought by weight near what is needed', () => {
    expect(costOne('1 onion', onions)).toMatchObject({ priced: 1, bigPacks: [] });
  });

  it('counts the lines the cost covers, leaving out lines to taste that found nothing', () => {
    const lines = ['1 cup flour', '6 eggs', '8 slices bacon', 'pepper to taste', '1 cup mystery powder'];
    const products = [flour5kg, eggs, null, null, flour5kg];
    const cost = recipeCost(
      lines.map((line, i) => ({ ingredient: parseIngredientLine(line), product: products[i] ?? null })),
      2,
    );
    expect(cost).toMatchObject({ priced: 2, counted: 4, unpriced: 3, bigPacks: [flour5kg.id] });
  });

  it('counts nothing priced in an empty recipe', () => {
    expect(recipeCost([], 4)).toEqual({
      total: 0,
      perServing: 0,
      toBuy: 0,
      unpriced: 0,
      priced: 0,
      counted: 0,
      bigPacks: [],
    });
  });
});

// The most one ingredient line may ask for (issue 43 item 6). A recipe's amounts become shopping
// list quantities and pack counts, so '1000000 kg flour' must be refused with a message, not
// multiplied into the cart. No household cooks with more than 100 kg or 100 litres of anything,
// or more than 1,000 of a thing (eggs, cans, cups).
import type { ParsedIngredient } from './ingredient-parse.js';
import { amountOf } from './units.js';

export const INGREDIENT_MAX_GRAMS = 100_000;
export const INGREDIENT_MAX_MILLILITRES = 100_000;
export const INGREDIENT_MAX_COUNT = 1_000;

/** Why the line's amount is too large to be real, or null when it is not. */
export function amountTooLarge(ingredient: Pick<ParsedIngredient, 'quantity' | 'unit'>): string | null {
  const { quantity, unit } = ingredient;
  if (quantity === null || unit === null) return null;
  const amount = amountOf(quantity, unit);
  if (amount.kind === 'mass' && amount.value > INGREDIENT_MAX_GRAMS) return 'more than 100 kg';
  if (amount.kind === 'volume' && amount.value > INGREDIENT_MAX_MILLILITRES) return 'more than 100 litres';
  // Grams and millilitres are small units: 2,000 g is 2 kg. Of anything else, 1,000 is the most.
  if (unit !== 'g' && unit !== 'ml' && quantity > INGREDIENT_MAX_COUNT) return 'more than 1,000';
  return null;
}

/** The message for the first line of `lines` that asks for too much, or null. */
export function tooLargeMessage(
  lines: Pick<ParsedIngredient, 'line' | 'quantity' | 'unit'>[],
): string | null {
  for (const ingredient of lines) {
    const why = amountTooLarge(ingredient);
    if (why) return `'${ingredient.line.slice(0, 60)}' asks for ${why}. Check the amount.`;
  }
  return null;
}

// What a recipe costs at the household's own stores, and what a week of meals puts on the list.
// An ingredient uses a share of its product's pack (500 ml of a 2 L milk is a quarter); its cost
// is that share of the product's cheapest price at the workspace's stores. What is bought is
// whole packs (or the product's weight steps, for loose produce), summed per product first, so
// 500 ml and 1 l of the same milk are 1.5 l: one 2 L bottle, not two.
import { roundQuantity } from '../quantity.js';
import type { MatchCandidate } from './ingredient-match.js';
import { ingredientAmount, type ParsedIngredient } from './ingredient-parse.js';
import { convertAmount, packAmount } from './units.js';

export interface CostedProduct extends MatchCandidate {
  minimumQuantity: number;
  minimumIncrement: number;
}

export type IngredientStatus = 'priced' | 'unpriced' | 'toTaste';

export interface IngredientCost {
  status: IngredientStatus;
  /** The amount needed, in the product's list quantity: packs, or kg for loose produce. */
  share: number | null;
  /** Cents: the share × the product's cheapest price. */
  cost: number | null;
}

/**
 * A pack this many times what the recipe uses is a 'big pack' (a 1.5 kg bag for a cup of flour; a
 * 5 kg bag is 33 times): its cost is a small share of what the till asks. Below it (a dozen eggs for
 * two, a 2 L milk for a cup) the leftover is ordinary shopping, and flagging it would be noise.
 */
export const BIG_PACK_TIMES = 10;

export interface RecipeCost {
  total: number;
  perServing: number;
  /** Cents of the whole packs the recipe needs bought. */
  toBuy: number;
  /** Ingredients that add nothing: no product, no price or no convertible unit. */
  unpriced: number;
  /** Lines the cost covers ('5 of 8 ingredients priced'). */
  priced: number;
  /** Lines that count: all but those 'to taste' that could not be priced, left out quietly. */
  counted: number;
  /**
   * Products of `toBuy` whose least purchase is BIG_PACK_TIMES or more what the whole recipe uses
   * (a 5 kg bag for one cup): costed by the share used, but most of the pack is left over.
   */
  bigPacks: number[];
}

/** How much of the product's list quantity the ingredient needs, × `scale` (servings cooked / written). */
export function ingredientShare(
  ingredient: Pick<ParsedIngredient, 'quantity' | 'unit' | 'name'>,
  product: Pick<CostedProduct, 'displayUnits' | 'saleType'>,
  scale = 1,
): number | null {
  const amount = ingredientAmount(ingredient);
  const pack = packAmount(product);
  if (!amount || !pack) return null;
  const need = convertAmount(amount, pack.amount.kind, ingredient.name);
  if (need === null || !(need > 0)) return null;
  return (need * scale) / pack.amount.value;
}

export function costIngredient(
  ingredient: Pick<ParsedIngredient, 'quantity' | 'unit' | 'name' | 'toTaste'>,
  product: CostedProduct | null,
  scale = 1,
): IngredientCost {
  const quiet = ingredient.toTaste;
  if (!product || product.price === null)
    return { status: quiet ? 'toTaste' : 'unpriced', share: null, cost: null };
  const share = ingredientShare(ingredient, product, scale);
  if (share === null) return { status: quiet ? 'toTaste' : 'unpriced', share: null, cost: null };
  return { status: 'priced', share, cost: Math.round(share * product.price) };
}

/** Whether the least that can be bought of the product is BIG_PACK_TIMES or more `share`. */
export function isBigPack(
  product: Pick<CostedProduct, 'minimumQuantity' | 'minimumIncrement'>,
  share: number,
): boolean {
  return share > 0 && listQuantity(product, share) >= BIG_PACK_TIMES * share - 1e-9;
}

/** The quantity to put on the list for `share` of the product: whole packs, or its weight steps. */
export function listQuantity(
  product: Pick<CostedProduct, 'minimumQuantity' | 'minimumIncrement'>,
  share: number,
): number {
  if (!(share > 1e-9)) return 0;
  const minimum = product.minimumQuantity > 0 ? product.minimumQuantity : 1;
  const step = product.minimumIncrement > 0 ? product.minimumIncrement : minimum;
  if (share <= minimum) return minimum;
  // A float just above a step (1.0000000002 packs) is that step, not one more.
  return roundQuantity(minimum + Math.ceil((share - minimum) / step - 1e-6) * step);
}

export interface NeedLine {
  product: CostedProduct;
  share: number;
}

export interface ProductNeed {
  product: CostedProduct;
  /** Summed share of all the lines for this product. */
  share: number;
  /** What to buy before the pantry: whole packs or weight steps. */
  quantity: number;
}

/** The lines' shares summed per product, in first-seen order, each rounded up once. */
export function sumNeeds(lines: NeedLine[]): ProductNeed[] {
  const byProduct = new Map<number, ProductNeed>();
  for (const line of lines) {
    const found = byProduct.get(line.product.id);
    if (found) found.share += line.share;
    else byProduct.set(line.product.id, { product: line.product, share: line.share, quantity: 0 });
  }
  const needs = [...byProduct.values()];
  for (const need of needs) need.quantity = listQuantity(need.product, need.share);
  return needs;
}

export interface AfterPantry {
  /** What still has to be bought (0: the pantry covers it). */
  toAdd: number;
  /** What the pantry covers. */
  covered: number;
}

/** The pantry's stock of the product taken off what is needed; what remains stays a valid quantity. */
export function subtractPantry(
  product: Pick<CostedProduct, 'minimumQuantity' | 'minimumIncrement'>,
  quantity: number,
  inPantry: number,
): AfterPantry {
  const stock = Math.max(0, inPantry);
  if (stock >= quantity) return { toAdd: 0, covered: quantity };
  const toAdd = listQuantity(product, quantity - stock);
  return { toAdd, covered: roundQuantity(Math.max(0, quantity - toAdd)) };
}

export interface CostedLine {
  ingredient: Pick<ParsedIngredient, 'quantity' | 'unit' | 'name' | 'toTaste'>;
  product: CostedProduct | null;
}

/** The recipe's cost (cents) for `servings` people when written for `recipeServings`. */
export function recipeCost(
  lines: CostedLine[],
  recipeServings: number,
  servings = recipeServings,
): RecipeCost {
  const scale = recipeServings > 0 ? servings / recipeServings : 1;
  let total = 0;
  let unpriced = 0;
  let quiet = 0;
  const needs: NeedLine[] = [];
  for (const line of lines) {
    const cost = costIngredient(line.ingredient, line.product, scale);
    if (cost.status !== 'priced' || cost.share === null || !line.product) {
      unpriced++;
      if (cost.status === 'toTaste') quiet++;
      continue;
    }
    total += cost.cost ?? 0;
    needs.push({ product: line.product, share: cost.share });
  }
  const summed = sumNeeds(needs);
  const toBuy = summed.reduce((sum, need) => sum + Math.round(need.quantity * (need.product.price ?? 0)), 0);
  return {
    total,
    perServing: servings > 0 ? Math.round(total / servings) : total,
    toBuy,
    unpriced,
    priced: lines.length - unpriced,
    counted: lines.length - quiet,
    bigPacks: summed.filter((need) => isBigPack(need.product, need.share)).map((need) => need.product.id),
  };
}

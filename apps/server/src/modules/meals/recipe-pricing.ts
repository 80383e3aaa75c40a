// Ingredients priced at a workspace's stores: each parsed line gets the household's chosen product
// for its name (ingredient_choices) or else the best match (shared ingredient-match.ts) among what
// product search finds for the name, priced at the workspace's cheapest store for it. One pricer
// serves one request: names already looked up are not searched again.
import {
  type CostedProduct,
  chooseProduct,
  costIngredient,
  ingredientKey,
  nameWords,
  type ParsedIngredient,
  type Product,
  parseIngredientLines,
  type RecipeCostAnswer,
  type RecipeIngredient,
  recipeCost,
  shelfName,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { searchProductIds } from '../products/search/search.service.js';
import { productsForWorkspace } from '../shopping/catalogue-lookup.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';

/** Candidates looked at per ingredient name (search's best first). */
const CANDIDATES = 40;

export interface PricedProduct extends CostedProduct {
  imageUrl: string | null;
  storeId: number | null;
  /** Its price at each of the workspace's stores that sells it. */
  storePrices: Map<number, number>;
}

export interface PricedLine {
  ingredient: ParsedIngredient;
  product: PricedProduct | null;
  chosen: boolean;
}

export function toPriced(product: Product): PricedProduct {
  let best: { price: number; storeId: number } | null = null;
  const storePrices = new Map<number, number>();
  for (const price of product.prices) {
    storePrices.set(price.storeId, price.price);
    if (!best || price.price < best.price) best = { price: price.price, storeId: price.storeId };
  }
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    displayUnits: product.displayUnits,
    saleType: product.saleType,
    minimumQuantity: product.minimumQuantity,
    minimumIncrement: product.minimumIncrement,
    imageUrl: product.imageUrl,
    price: best?.price ?? null,
    storeId: best?.storeId ?? null,
    storePrices,
  };
}

export function recipePricer(ctx: AppContext, workspaceId: number) {
  const { db, dialect } = ctx;
  let storeIds: Promise<number[]> | undefined;
  let choices: Promise<Map<string, number>> | undefined;
  const byName = new Map<string, Promise<PricedProduct | null>>();
  const byId = new Map<number, Promise<PricedProduct | null>>();

  const stores = () => {
    storeIds ??= workspaceStoreIds(db, workspaceId);
    return storeIds;
  };

  const chosen = () => {
    choices ??= db
      .selectFrom('ingredient_choices')
      .select(['name_key', 'product_id'])
      .where('workspace_id', '=', workspaceId)
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.name_key, row.product_id])));
    return choices;
  };

  async function productById(productId: number): Promise<PricedProduct | null> {
    let found = byId.get(productId);
    if (!found) {
      found = productsForWorkspace(db, workspaceId, [productId], await stores()).then((products) =>
        products[0] ? toPriced(products[0]) : null,
      );
      byId.set(productId, found);
    }
    return found;
  }

  async function bestMatch(ingredient: ParsedIngredient): Promise<PricedProduct | null> {
    // The amount's kind decides what fits, so the same name with another unit is its own search.
    const key = `${ingredientKey(ingredient.name)}|${ingredient.unit ?? ''}`;
    let found = byName.get(key);
    if (!found) {
      found = (async () => {
        // Searched in the words NZ shelves use ('cilantro' is sold as coriander).
        const shelf = shelfName(ingredient.name);
        const singular = nameWords(shelf).join(' ');
        const ids = new Set(await searchProductIds(db, dialect, singular));
        if (singular !== shelf) {
          for (const id of await searchProductIds(db, dialect, shelf)) ids.add(id);
        }
        const products = await productsForWorkspace(
          db,
          workspaceId,
          [...ids].slice(0, CANDIDATES * 2),
          await stores(),
        );
        return chooseProduct(ingredient, products.map(toPriced));
      })();
      byName.set(key, found);
    }
    return found;
  }

  async function priceLine(ingredient: ParsedIngredient): Promise<PricedLine> {
    if (!ingredient.name) return { ingredient, product: null, chosen: false };
    const choice = (await chosen()).get(ingredientKey(ingredient.name));
    if (choice !== undefined) return { ingredient, product: await productById(choice), chosen: true };
    if (ingredient.toTaste && ingredient.quantity === null)
      return { ingredient, product: null, chosen: false };
    return { ingredient, product: await bestMatch(ingredient), chosen: false };
  }

  return {
    storeIds: stores,
    productById,
    /** The recipe's lines parsed and priced, in order (headings and blank lines left out). */
    priceLines: (lines: string[]): Promise<PricedLine[]> =>
      Promise.all(parseIngredientLines(lines).map(priceLine)),
    /** Lines parsed before (a saved recipe's), priced in order. */
    priceParsed: (parsed: ParsedIngredient[]): Promise<PricedLine[]> => Promise.all(parsed.map(priceLine)),
    /** Forget the choices read so far (after one was changed). */
    forgetChoices() {
      choices = undefined;
    },
  };
}

export type RecipePricer = ReturnType<typeof recipePricer>;

/** The API's view of a priced line; `bigPacks`: the recipe cost's. */
function ingredientAnswer(line: PricedLine, bigPacks: number[]): RecipeIngredient {
  const { ingredient, product, chosen } = line;
  const cost = costIngredient(ingredient, product);
  return {
    line: ingredient.line,
    quantity: ingredient.quantity,
    unit: ingredient.unit,
    name: ingredient.name,
    note: ingredient.note,
    productId: product?.id ?? null,
    product: product && {
      id: product.id,
      name: product.name,
      brand: product.brand,
      displayUnits: product.displayUnits,
      imageUrl: product.imageUrl,
      price: product.price,
      storeId: product.storeId,
    },
    chosen,
    status: cost.status,
    cost: cost.cost,
    bigPack: cost.status === 'priced' && product !== null && bigPacks.includes(product.id),
  };
}

export const costOf = (lines: PricedLine[], servings: number, cooked = servings): RecipeCostAnswer =>
  recipeCost(lines, servings, cooked);

/** The lines as the API answers them, with the recipe's cost (which decides the 'big pack' flags). */
export function costedAnswer(
  lines: PricedLine[],
  servings: number,
): { ingredients: RecipeIngredient[]; cost: RecipeCostAnswer } {
  const cost = costOf(lines, servings);
  return { ingredients: lines.map((line) => ingredientAnswer(line, cost.bigPacks)), cost };
}

/**
 * The recipe's total at each store that sells every product it could price: what cooking it from
 * that one store would cost.
 */
export function storeTotals(lines: PricedLine[], storeIds: number[]): { storeId: number; total: number }[] {
  const priced = lines.filter(
    (line) => line.product && costIngredient(line.ingredient, line.product).status === 'priced',
  );
  const totals: { storeId: number; total: number }[] = [];
  for (const storeId of storeIds) {
    let total = 0;
    let complete = true;
    for (const line of priced) {
      const product = line.product as PricedProduct;
      const price = product.storePrices.get(storeId);
      if (price === undefined) {
        complete = false;
        break;
      }
      total += costIngredient(line.ingredient, { ...product, price }).cost ?? 0;
    }
    if (complete && priced.length > 0) totals.push({ storeId, total });
  }
  return totals.sort((a, b) => a.total - b.total || a.storeId - b.storeId);
}

// Requests and answers of the recipes, pantry and meals routes (issue 34).
import { z } from 'zod';
import { ZProductId } from '../shopping-api.js';
import { RECIPE_UNITS } from './units.js';

export const RECIPE_NAME_MAX_LENGTH = 120;
export const RECIPE_MAX_INGREDIENTS = 80;
/** What is read and kept of an ingredient line: a longer one is cut (issue 43 item 6). */
export const INGREDIENT_LINE_MAX_LENGTH = 300;
/** An ingredient line as kept, typed or imported: trimmed, and cut to what is read. */
export const keptIngredientLine = (line: string) =>
  line.trim().slice(0, INGREDIENT_LINE_MAX_LENGTH).trimEnd();
/** A line longer than this is refused outright: no recipe line is, and it bounds a request. */
export const INGREDIENT_LINE_SENT_MAX_LENGTH = 10_000;
export const RECIPE_METHOD_MAX_LENGTH = 20_000;
export const RECIPE_MAX_SERVINGS = 100;
/** Recipes on one day of the plan. */
export const MEALS_PER_DAY = 12;
/** Days one meals request may span (a fortnight's plan and then some). */
export const MEALS_MAX_DAYS = 62;
/** Import: the pasted text or page, in characters; a fetched page, in bytes. */
export const IMPORT_MAX_TEXT = 200_000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_TIMEOUT_MS = 10_000;

export const ZRecipeId = z.coerce
  .number({ error: 'Give the recipe id as a number.' })
  .int({ error: 'Give the recipe id as a whole number.' })
  .positive({ error: 'Give the recipe id as a positive number.' })
  .max(2_147_483_647, { error: 'That recipe does not exist.' });

const ZServings = z
  .number({ error: 'Enter the servings as a number.' })
  .int({ error: 'Enter the servings as a whole number.' })
  .min(1, { error: 'A recipe serves at least 1.' })
  .max(RECIPE_MAX_SERVINGS, { error: `A recipe serves at most ${RECIPE_MAX_SERVINGS}.` });

const ZHttpUrl = z
  .string()
  .trim()
  .max(2000, { error: 'Keep the address to 2000 characters or fewer.' })
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), {
    error: 'Enter a web address starting with http:// or https://.',
  });

export const ZRecipeRequest = z.object({
  name: z
    .string({ error: 'Enter a name for the recipe.' })
    .trim()
    .min(1, { error: 'Enter a name for the recipe.' })
    .max(RECIPE_NAME_MAX_LENGTH, {
      error: `Keep the name to ${RECIPE_NAME_MAX_LENGTH} characters or fewer.`,
    }),
  servings: ZServings,
  ingredients: z
    .array(
      z.string({ error: 'Each ingredient is a line of text.' }).max(INGREDIENT_LINE_SENT_MAX_LENGTH, {
        error: `Keep each ingredient to ${INGREDIENT_LINE_MAX_LENGTH} characters: only that much is read.`,
      }),
      { error: 'Give the ingredients as a list of lines.' },
    )
    .max(RECIPE_MAX_INGREDIENTS, { error: `A recipe can have up to ${RECIPE_MAX_INGREDIENTS} ingredients.` }),
  method: z
    .string()
    .max(RECIPE_METHOD_MAX_LENGTH, {
      error: `Keep the method to ${RECIPE_METHOD_MAX_LENGTH} characters or fewer.`,
    })
    .nullish(),
  sourceUrl: ZHttpUrl.nullish().or(z.literal('')),
  imageUrl: ZHttpUrl.nullish().or(z.literal('')),
});
export type RecipeRequest = z.infer<typeof ZRecipeRequest>;

export const ZIngredientProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  displayUnits: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The cheapest price at the workspace's stores, and where. */
  price: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
});
export type IngredientProduct = z.infer<typeof ZIngredientProduct>;

export const ZRecipeIngredient = z.object({
  line: z.string(),
  quantity: z.number().nullable(),
  unit: z.enum(RECIPE_UNITS).nullable(),
  name: z.string(),
  note: z.string().nullable(),
  productId: z.number().int().nullable(),
  product: ZIngredientProduct.nullable(),
  /** The household chose this product (PUT .../ingredients/{index}); otherwise the best match. */
  chosen: z.boolean(),
  status: z.enum(['priced', 'unpriced', 'toTaste']),
  /** Cents this recipe uses of the product; null unless priced. */
  cost: z.number().int().nullable(),
  /** Its product is one of the cost's `bigPacks`: most of the pack is left over. */
  bigPack: z.boolean(),
});
export type RecipeIngredient = z.infer<typeof ZRecipeIngredient>;

export const ZRecipeCost = z.object({
  total: z.number().int(),
  perServing: z.number().int(),
  /** Cents of the whole packs to buy. */
  toBuy: z.number().int(),
  unpriced: z.number().int(),
  /** Lines priced, of those `counted` (all but 'to taste' lines that found no price). */
  priced: z.number().int(),
  counted: z.number().int(),
  /** Products of `toBuy` bought at five or more times what the recipe uses (issue 43 item 5). */
  bigPacks: z.array(z.number().int()),
});
export type RecipeCostAnswer = z.infer<typeof ZRecipeCost>;

export const ZRecipe = z.object({
  id: z.number().int(),
  name: z.string(),
  servings: z.number().int(),
  method: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  ingredients: z.array(ZRecipeIngredient),
  cost: ZRecipeCost,
  /** The recipe's total at each of the workspace's stores that sells all its priced products. */
  storeTotals: z.array(z.object({ storeId: z.number().int(), total: z.number().int() })),
  updatedAt: z.number().int(),
});
export type Recipe = z.infer<typeof ZRecipe>;

export const ZRecipeSummary = ZRecipe.pick({
  id: true,
  name: true,
  servings: true,
  imageUrl: true,
  cost: true,
});
export type RecipeSummary = z.infer<typeof ZRecipeSummary>;

/** An import's draft: what a recipe would be, not saved. */
export const ZRecipeDraft = z.object({
  name: z.string(),
  servings: z.number().int(),
  ingredients: z.array(z.string()),
  method: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** How it was read: 'json-ld', 'microdata', 'readable' (the page's text) or 'text' (pasted). */
  readFrom: z.enum(['json-ld', 'microdata', 'readable', 'text']),
  /** The draft's lines parsed and priced, so the review shows the cost before saving. */
  parsed: z.array(ZRecipeIngredient),
  cost: ZRecipeCost,
});
export type RecipeDraft = z.infer<typeof ZRecipeDraft>;

export const ZImportRequest = z.union([
  z.object({ text: z.string().min(1, { error: 'Paste the recipe.' }).max(IMPORT_MAX_TEXT) }),
  z.object({ html: z.string().min(1, { error: 'Give the page.' }).max(IMPORT_MAX_BYTES) }),
  z.object({ url: ZHttpUrl }),
]);
export type ImportRequest = z.infer<typeof ZImportRequest>;

export const ZIngredientChoice = z.object({ productId: ZProductId });
export const ZIngredientIndex = z.coerce
  .number({ error: 'Give the ingredient number.' })
  .int()
  .min(0)
  .max(RECIPE_MAX_INGREDIENTS - 1, { error: 'That ingredient does not exist.' });

/* pantry */
export const ZPantryRequest = z.object({ quantity: z.number({ error: 'Enter the quantity as a number.' }) });
export const ZPantryItem = z.object({
  productId: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  displayUnits: z.string().nullable(),
  imageUrl: z.string().nullable(),
  saleType: z.number().int(),
  minimumQuantity: z.number(),
  minimumIncrement: z.number(),
  quantity: z.number(),
  updatedAt: z.number().int(),
});
export type PantryItem = z.infer<typeof ZPantryItem>;

/* meals */
export const ZMealDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give the date as YYYY-MM-DD.' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: 'That date does not exist.' },
  );
export const ZMealsQuery = z.object({ from: ZMealDate, to: ZMealDate });
export const ZMealEntryRequest = z.object({ recipeId: ZRecipeId, servings: ZServings });
export const ZMealDayRequest = z.object({
  entries: z
    .array(ZMealEntryRequest)
    .max(MEALS_PER_DAY, { error: `Plan up to ${MEALS_PER_DAY} recipes a day.` }),
});
export const ZMealEntry = z.object({
  recipeId: z.number().int(),
  name: z.string(),
  servings: z.number().int(),
  cost: z.number().int(),
  unpriced: z.number().int(),
});
export type MealEntry = z.infer<typeof ZMealEntry>;
export const ZMealDay = z.object({ date: z.string(), entries: z.array(ZMealEntry), cost: z.number().int() });
export type MealDay = z.infer<typeof ZMealDay>;
export const ZMealPlan = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(ZMealDay),
  total: z.number().int(),
});
export type MealPlan = z.infer<typeof ZMealPlan>;

export const ZToCartRequest = ZMealsQuery;
const ZToCartLine = z.object({ productId: z.number().int(), name: z.string(), quantity: z.number() });
export const ZToCartAnswer = z.object({
  added: z.array(ZToCartLine),
  coveredByPantry: z.array(ZToCartLine),
  /** Lines no product matched, put on the list as written (issue 43 item 4, issue 49 item 2). */
  written: z.array(z.object({ recipe: z.string(), text: z.string() })),
  /** Lines that could not be added at all (a full list), with why. */
  unpriced: z.array(z.object({ recipe: z.string(), line: z.string() })),
});
export type ToCartAnswer = z.infer<typeof ZToCartAnswer>;

/** Whole days from `from` to `to`, inclusive; [] when to is before from. */
export function mealDates(from: string, to: string): string[] {
  const dates: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (
    let day = Date.parse(`${from}T00:00:00Z`);
    day <= end && dates.length <= MEALS_MAX_DAYS;
    day += 86_400_000
  ) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

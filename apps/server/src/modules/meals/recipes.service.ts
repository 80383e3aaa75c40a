// A workspace's recipes: stored as written (name, servings, ingredient lines, method), answered
// parsed and priced at the workspace's stores. Every query is scoped by workspace.
import {
  ingredientKey,
  keptIngredientLine,
  parseIngredientLines,
  type Recipe,
  type RecipeRequest,
  type RecipeSummary,
  tooLargeMessage,
  workspaceLimits,
} from '@kete/shared';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { type Cap, withinCap } from '../limits/workspace-caps.js';
import { requireProductField } from '../shopping/catalogue-lookup.js';
import { byName } from '../shopping/lists.service.js';
import type { RecipesTable } from './meals.schema.js';
import { parsedOf } from './recipe-lines.js';
import { costedAnswer, costOf, type RecipePricer, recipePricer, storeTotals } from './recipe-pricing.js';

export const recipeMessages = {
  unknownRecipe: 'That recipe does not exist.',
  unknownIngredient: 'That recipe has no such ingredient.',
  noName: 'That line has no ingredient to choose a product for.',
};

export type RecipeRow = Selectable<RecipesTable>;

const recipesCap = (workspaceId: number): Cap => ({
  limit: 'recipes',
  field: 'name',
  count: async (trx) =>
    Number(
      (
        await trx
          .selectFrom('recipes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
});

/** Lines as kept: trimmed, empty ones dropped, each cut to what is read (as an import's are). */
const cleanLines = (lines: string[]) => lines.map(keptIngredientLine).filter((line) => line !== '');
const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export async function requireRecipe(
  db: Kysely<DB>,
  workspaceId: number,
  recipeId: number,
): Promise<RecipeRow> {
  const row = await db
    .selectFrom('recipes')
    .selectAll()
    .where('id', '=', recipeId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw notFound(recipeMessages.unknownRecipe);
  return row;
}

/** The recipe as the API answers it, priced by `pricer`. */
export async function recipeAnswer(row: RecipeRow, pricer: RecipePricer): Promise<Recipe> {
  const lines = await pricer.priceParsed(parsedOf(row));
  const { ingredients, cost } = costedAnswer(lines, row.servings);
  return {
    id: row.id,
    name: row.name,
    servings: row.servings,
    method: row.method,
    sourceUrl: row.source_url,
    imageUrl: row.image_url,
    ingredients,
    cost,
    storeTotals: storeTotals(lines, await pricer.storeIds()),
    updatedAt: Number(row.updated_at),
  };
}

export function recipesService(ctx: AppContext) {
  const { db } = ctx;

  const columns = (request: RecipeRequest) => {
    const lines = cleanLines(request.ingredients);
    const parsed = parseIngredientLines(lines);
    const tooLarge = tooLargeMessage(parsed);
    if (tooLarge) throw fieldError('ingredients', tooLarge);
    return {
      name: request.name.trim(),
      servings: request.servings,
      ingredients: JSON.stringify(lines),
      parsed: JSON.stringify(parsed),
      method: orNull(request.method),
      source_url: orNull(request.sourceUrl),
      image_url: orNull(request.imageUrl),
    };
  };

  return {
    async summaries(workspaceId: number): Promise<RecipeSummary[]> {
      const rows = await db
        .selectFrom('recipes')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .execute();
      rows.sort(byName);
      const pricer = recipePricer(ctx, workspaceId);
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          name: row.name,
          servings: row.servings,
          imageUrl: row.image_url,
          cost: costOf(await pricer.priceParsed(parsedOf(row)), row.servings),
        })),
      );
    },

    async get(workspaceId: number, recipeId: number): Promise<Recipe> {
      return recipeAnswer(await requireRecipe(db, workspaceId, recipeId), recipePricer(ctx, workspaceId));
    },

    async create(workspaceId: number, request: RecipeRequest): Promise<Recipe> {
      const now = ctx.clock.now();
      const row = await withinCap(db, workspaceId, recipesCap(workspaceId), (trx) =>
        trx
          .insertInto('recipes')
          .values({ workspace_id: workspaceId, ...columns(request), created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return recipeAnswer(row, recipePricer(ctx, workspaceId));
    },

    async update(workspaceId: number, recipeId: number, request: RecipeRequest): Promise<Recipe> {
      await requireRecipe(db, workspaceId, recipeId);
      await db
        .updateTable('recipes')
        .set({ ...columns(request), updated_at: ctx.clock.now() })
        .where('id', '=', recipeId)
        .where('workspace_id', '=', workspaceId)
        .execute();
      return this.get(workspaceId, recipeId);
    },

    async remove(workspaceId: number, recipeId: number): Promise<void> {
      await requireRecipe(db, workspaceId, recipeId);
      await db
        .deleteFrom('recipes')
        .where('id', '=', recipeId)
        .where('workspace_id', '=', workspaceId)
        .execute();
    },

    /**
     * The household's product for the ingredient at `index` (of the parsed lines), remembered for
     * every ingredient of that name in the workspace.
     */
    async choose(workspaceId: number, recipeId: number, index: number, productId: number): Promise<Recipe> {
      const row = await requireRecipe(db, workspaceId, recipeId);
      const ingredient = parsedOf(row)[index];
      if (!ingredient) throw notFound(recipeMessages.unknownIngredient);
      if (!ingredient.name) throw fieldError('productId', recipeMessages.noName);
      await requireProductField(db, productId);
      const now = ctx.clock.now();
      await db
        .insertInto('ingredient_choices')
        .values({
          workspace_id: workspaceId,
          name_key: ingredientKey(ingredient.name),
          product_id: productId,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['workspace_id', 'name_key']).doUpdateSet({ product_id: productId, updated_at: now }),
        )
        .execute();
      return this.get(workspaceId, recipeId);
    },
  };
}

export const RECIPES_CAP = workspaceLimits.recipes;
export type RecipesService = ReturnType<typeof recipesService>;

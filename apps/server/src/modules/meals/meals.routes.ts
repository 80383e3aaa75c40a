// Routes of recipes, their import, the pantry and the meal plan (issue 34). Thin: the services
// hold the rules. Every write declares the live topic it changes (plugins/route-changes.ts).
import {
  ZImportRequest,
  ZIngredientChoice,
  ZIngredientIndex,
  ZMealDate,
  ZMealDay,
  ZMealDayRequest,
  ZMealPlan,
  ZMealsQuery,
  ZPantryItem,
  ZPantryRequest,
  ZProductId,
  ZRecipe,
  ZRecipeDraft,
  ZRecipeId,
  ZRecipeRequest,
  ZRecipeSummary,
  ZToCartAnswer,
  ZToCartRequest,
} from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { workspaceIdOf, ZShortCode, ZWorkspaceParams } from '../shopping/route-params.js';
import { mealPlanService } from './meal-plan.service.js';
import { pantryService } from './pantry.service.js';
import { recipeDraft } from './recipe-draft.js';
import { recipesService } from './recipes.service.js';

const ZRecipeParams = z.object({ shortCode: ZShortCode, recipeId: ZRecipeId });
const ZIngredientParams = z.object({ shortCode: ZShortCode, recipeId: ZRecipeId, index: ZIngredientIndex });
const ZPantryParams = z.object({ shortCode: ZShortCode, productId: ZProductId });
const ZDayParams = z.object({ shortCode: ZShortCode, date: ZMealDate });

export async function mealsRoutes(app: FastifyInstance, ctx: AppContext) {
  const recipes = recipesService(ctx);
  const pantry = pantryService(ctx);
  const meals = mealPlanService(ctx);
  const member = workspaceAccess(ctx, 'member');
  const r = app.withTypeProvider<ZodTypeProvider>();

  /* recipes */
  r.get(
    '/api/:shortCode/recipes',
    { preHandler: member, schema: { params: ZWorkspaceParams, response: { 200: z.array(ZRecipeSummary) } } },
    (request) => recipes.summaries(workspaceIdOf(request)),
  );
  r.post(
    '/api/:shortCode/recipes',
    {
      config: { changes: 'recipes' },
      preHandler: member,
      schema: { params: ZWorkspaceParams, body: ZRecipeRequest, response: { 200: ZRecipe } },
    },
    (request) => recipes.create(workspaceIdOf(request), request.body),
  );
  // Import reads a page or text and answers a draft: nothing is saved.
  r.post(
    '/api/:shortCode/recipes/import',
    {
      config: { changes: false },
      preHandler: member,
      bodyLimit: 4 * 1024 * 1024,
      schema: { params: ZWorkspaceParams, body: ZImportRequest, response: { 200: ZRecipeDraft } },
    },
    (request) => recipeDraft(ctx, workspaceIdOf(request), request.body),
  );
  r.get(
    '/api/:shortCode/recipes/:recipeId',
    { preHandler: member, schema: { params: ZRecipeParams, response: { 200: ZRecipe } } },
    (request) => recipes.get(workspaceIdOf(request), request.params.recipeId),
  );
  r.put(
    '/api/:shortCode/recipes/:recipeId',
    {
      config: { changes: 'recipes' },
      preHandler: member,
      schema: { params: ZRecipeParams, body: ZRecipeRequest, response: { 200: ZRecipe } },
    },
    (request) => recipes.update(workspaceIdOf(request), request.params.recipeId, request.body),
  );
  r.delete(
    '/api/:shortCode/recipes/:recipeId',
    { config: { changes: 'recipes' }, preHandler: member, schema: { params: ZRecipeParams } },
    async (request, reply) => {
      await recipes.remove(workspaceIdOf(request), request.params.recipeId);
      return reply.code(204).send();
    },
  );
  r.put(
    '/api/:shortCode/recipes/:recipeId/ingredients/:index',
    {
      config: { changes: 'recipes' },
      preHandler: member,
      schema: { params: ZIngredientParams, body: ZIngredientChoice, response: { 200: ZRecipe } },
    },
    (request) =>
      recipes.choose(
        workspaceIdOf(request),
        request.params.recipeId,
        request.params.index,
        request.body.productId,
      ),
  );

  /* pantry */
  r.get(
    '/api/:shortCode/pantry',
    { preHandler: member, schema: { params: ZWorkspaceParams, response: { 200: z.array(ZPantryItem) } } },
    (request) => pantry.list(workspaceIdOf(request)),
  );
  r.put(
    '/api/:shortCode/pantry/:productId',
    {
      config: { changes: 'pantry' },
      preHandler: member,
      schema: { params: ZPantryParams, body: ZPantryRequest, response: { 200: ZPantryItem } },
    },
    (request) => pantry.set(workspaceIdOf(request), request.params.productId, request.body.quantity),
  );
  r.delete(
    '/api/:shortCode/pantry/:productId',
    { config: { changes: 'pantry' }, preHandler: member, schema: { params: ZPantryParams } },
    async (request, reply) => {
      await pantry.remove(workspaceIdOf(request), request.params.productId);
      return reply.code(204).send();
    },
  );

  /* meals */
  r.get(
    '/api/:shortCode/meals',
    {
      preHandler: member,
      schema: { params: ZWorkspaceParams, querystring: ZMealsQuery, response: { 200: ZMealPlan } },
    },
    (request) => meals.plan(workspaceIdOf(request), request.query.from, request.query.to),
  );
  r.post(
    '/api/:shortCode/meals/to-cart',
    {
      config: { changes: 'cart' },
      preHandler: member,
      schema: { params: ZWorkspaceParams, body: ZToCartRequest, response: { 200: ZToCartAnswer } },
    },
    (request) => meals.toCart(workspaceIdOf(request), request.body.from, request.body.to),
  );
  r.put(
    '/api/:shortCode/meals/:date',
    {
      config: { changes: 'meals' },
      preHandler: member,
      schema: { params: ZDayParams, body: ZMealDayRequest, response: { 200: ZMealDay } },
    },
    (request) => meals.setDay(workspaceIdOf(request), request.params.date, request.body.entries),
  );
}

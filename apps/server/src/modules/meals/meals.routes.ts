// Routes of recipes, their import, the pantry and the meal plan (issue 34). Thin: the services
// hold the rules. Every write declares the live topic it changes (plugins/route-changes.ts).

import {
  type WorkspaceTopic,
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
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { importsTotal } from '../../lib/metrics.js';
import { currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { workspaceIdOf, ZShortCode, ZWorkspaceParams } from '../shopping/route-params.js';
import { importLimits } from './import-limits.js';
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
  const imports = importLimits(ctx);
  const member = workspaceAccess(ctx, 'member');
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every route here is a member's; a write names the live topic it changes.
  const read = <S extends FastifySchema>(schema: S) => ({ preHandler: member, schema });
  const write = <S extends FastifySchema>(changes: WorkspaceTopic, schema: S) => ({
    config: { changes },
    preHandler: member,
    schema,
  });

  /* recipes */
  r.get(
    '/api/:shortCode/recipes',
    read({ params: ZWorkspaceParams, response: { 200: z.array(ZRecipeSummary) } }),
    (request) => recipes.summaries(workspaceIdOf(request)),
  );
  r.post(
    '/api/:shortCode/recipes',
    write('recipes', { params: ZWorkspaceParams, body: ZRecipeRequest, response: { 200: ZRecipe } }),
    (request) => recipes.create(workspaceIdOf(request), request.body),
  );
  // Import reads a page or text and answers a draft: nothing is saved. 30 a minute, 2 at once.
  r.post(
    '/api/:shortCode/recipes/import',
    {
      config: { changes: false },
      preHandler: member,
      bodyLimit: 4 * 1024 * 1024,
      schema: { params: ZWorkspaceParams, body: ZImportRequest, response: { 200: ZRecipeDraft } },
    },
    async (request) => {
      try {
        const draft = await imports.run(currentUser(request).id, () =>
          recipeDraft(ctx, workspaceIdOf(request), request.body),
        );
        importsTotal.inc({ kind: 'recipe', outcome: 'ok' });
        return draft;
      } catch (error) {
        importsTotal.inc({ kind: 'recipe', outcome: 'failed' });
        throw error;
      }
    },
  );
  r.get(
    '/api/:shortCode/recipes/:recipeId',
    read({ params: ZRecipeParams, response: { 200: ZRecipe } }),
    (request) => recipes.get(workspaceIdOf(request), request.params.recipeId),
  );
  r.put(
    '/api/:shortCode/recipes/:recipeId',
    write('recipes', { params: ZRecipeParams, body: ZRecipeRequest, response: { 200: ZRecipe } }),
    (request) => recipes.update(workspaceIdOf(request), request.params.recipeId, request.body),
  );
  r.delete(
    '/api/:shortCode/recipes/:recipeId',
    write('recipes', { params: ZRecipeParams }),
    async (request, reply) => {
      await recipes.remove(workspaceIdOf(request), request.params.recipeId);
      return reply.code(204).send();
    },
  );
  r.put(
    '/api/:shortCode/recipes/:recipeId/ingredients/:index',
    write('recipes', { params: ZIngredientParams, body: ZIngredientChoice, response: { 200: ZRecipe } }),
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
    read({ params: ZWorkspaceParams, response: { 200: z.array(ZPantryItem) } }),
    (request) => pantry.list(workspaceIdOf(request)),
  );
  r.put(
    '/api/:shortCode/pantry/:productId',
    write('pantry', { params: ZPantryParams, body: ZPantryRequest, response: { 200: ZPantryItem } }),
    (request) => pantry.set(workspaceIdOf(request), request.params.productId, request.body.quantity),
  );
  r.delete(
    '/api/:shortCode/pantry/:productId',
    write('pantry', { params: ZPantryParams }),
    async (request, reply) => {
      await pantry.remove(workspaceIdOf(request), request.params.productId);
      return reply.code(204).send();
    },
  );

  /* meals */
  r.get(
    '/api/:shortCode/meals',
    read({ params: ZWorkspaceParams, querystring: ZMealsQuery, response: { 200: ZMealPlan } }),
    (request) => meals.plan(workspaceIdOf(request), request.query.from, request.query.to),
  );
  r.post(
    '/api/:shortCode/meals/to-cart',
    write('cart', { params: ZWorkspaceParams, body: ZToCartRequest, response: { 200: ZToCartAnswer } }),
    (request) => meals.toCart(workspaceIdOf(request), request.body.from, request.body.to),
  );
  r.put(
    '/api/:shortCode/meals/:date',
    write('meals', { params: ZDayParams, body: ZMealDayRequest, response: { 200: ZMealDay } }),
    (request) => meals.setDay(workspaceIdOf(request), request.params.date, request.body.entries),
  );
}

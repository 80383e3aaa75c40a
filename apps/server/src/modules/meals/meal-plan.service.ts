// The week's meal plan: recipes on days, each costed for the servings planned; and the plan into
// the shopping list: every priced ingredient's share summed per product across the days' recipes,
// rounded up once to whole packs (or weight steps), minus the pantry, added through the cart.
import {
  asWrittenItem,
  costIngredient,
  fromQuantityUnits,
  MEALS_MAX_DAYS,
  type MealDay,
  type MealPlan,
  mealDates,
  type NeedLine,
  recipeCost,
  subtractPantry,
  sumNeeds,
  type ToCartAnswer,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { cartService } from '../shopping/cart.service.js';
import { textItemsService } from '../shopping/text-items.service.js';
import { pantryService } from './pantry.service.js';
import { parsedOf } from './recipe-lines.js';
import { type PricedLine, recipePricer } from './recipe-pricing.js';
import { recipeMessages } from './recipes.service.js';

interface EntryRow {
  day: string;
  position: number;
  recipe_id: number;
  servings: number;
  name: string;
  recipe_servings: number;
  ingredients: string;
  parsed: string | null;
}

function checkRange(from: string, to: string): string[] {
  if (to < from) throw fieldError('to', 'The last day comes on or after the first.');
  const dates = mealDates(from, to);
  if (dates.length > MEALS_MAX_DAYS) throw fieldError('to', `Plan up to ${MEALS_MAX_DAYS} days at a time.`);
  return dates;
}

export function mealPlanService(ctx: AppContext) {
  const { db } = ctx;
  const cart = cartService(ctx);
  const textItems = textItemsService(ctx);
  const pantry = pantryService(ctx);

  async function entries(workspaceId: number, from: string, to: string): Promise<EntryRow[]> {
    return db
      .selectFrom('meal_entries as m')
      .innerJoin('recipes as r', 'r.id', 'm.recipe_id')
      .select([
        'm.day',
        'm.position',
        'm.recipe_id',
        'm.servings',
        'r.name',
        'r.servings as recipe_servings',
        'r.ingredients',
        'r.parsed',
      ])
      .where('m.workspace_id', '=', workspaceId)
      .where('m.day', '>=', from)
      .where('m.day', '<=', to)
      .orderBy('m.day')
      .orderBy('m.position')
      .execute();
  }

  /** Each entry's recipe priced once per request (a recipe planned twice is priced once). */
  async function pricedEntries(workspaceId: number, rows: EntryRow[]) {
    const pricer = recipePricer(ctx, workspaceId);
    const byRecipe = new Map<number, Promise<PricedLine[]>>();
    return Promise.all(
      rows.map(async (row) => {
        let lines = byRecipe.get(row.recipe_id);
        if (!lines) {
          lines = pricer.priceParsed(parsedOf(row));
          byRecipe.set(row.recipe_id, lines);
        }
        return { row, lines: await lines };
      }),
    );
  }

  return {
    async plan(workspaceId: number, from: string, to: string): Promise<MealPlan> {
      const dates = checkRange(from, to);
      const priced = await pricedEntries(workspaceId, await entries(workspaceId, from, to));
      const days: MealDay[] = dates.map((date) => ({ date, entries: [], cost: 0 }));
      const byDate = new Map(days.map((day) => [day.date, day]));
      for (const { row, lines } of priced) {
        const day = byDate.get(row.day);
        if (!day) continue;
        const cost = recipeCost(lines, row.recipe_servings, row.servings);
        day.entries.push({
          recipeId: row.recipe_id,
          name: row.name,
          servings: row.servings,
          cost: cost.total,
          unpriced: cost.unpriced,
        });
        day.cost += cost.total;
      }
      return { from, to, days, total: days.reduce((sum, day) => sum + day.cost, 0) };
    },

    /** The day's recipes, replacing what was planned for it ([] clears the day). */
    async setDay(
      workspaceId: number,
      date: string,
      planned: { recipeId: number; servings: number }[],
    ): Promise<MealDay> {
      const ids = [...new Set(planned.map((entry) => entry.recipeId))];
      if (ids.length) {
        const found = await db
          .selectFrom('recipes')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('id', 'in', ids)
          .execute();
        if (found.length !== ids.length) throw fieldError('entries', recipeMessages.unknownRecipe);
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('meal_entries')
          .where('workspace_id', '=', workspaceId)
          .where('day', '=', date)
          .execute();
        if (planned.length) {
          await trx
            .insertInto('meal_entries')
            .values(
              planned.map((entry, position) => ({
                workspace_id: workspaceId,
                day: date,
                position,
                recipe_id: entry.recipeId,
                servings: entry.servings,
              })),
            )
            .execute();
        }
      });
      const plan = await this.plan(workspaceId, date, date);
      return plan.days[0] as MealDay;
    },

    async toCart(workspaceId: number, from: string, to: string): Promise<ToCartAnswer> {
      checkRange(from, to);
      const priced = await pricedEntries(workspaceId, await entries(workspaceId, from, to));
      const needs: NeedLine[] = [];
      const unmatched: ToCartAnswer['written'] = [];
      const unpriced: ToCartAnswer['unpriced'] = [];
      for (const { row, lines } of priced) {
        const scale = row.recipe_servings > 0 ? row.servings / row.recipe_servings : 1;
        for (const line of lines) {
          const cost = costIngredient(line.ingredient, line.product, scale);
          if (cost.status === 'priced' && line.product && cost.share !== null) {
            needs.push({ product: line.product, share: cost.share });
          } else if (cost.status === 'unpriced') {
            unmatched.push({ recipe: row.name, text: asWrittenItem(line.ingredient.line) });
          }
        }
      }
      const stock = await pantry.stock(workspaceId);
      const added: ToCartAnswer['added'] = [];
      const coveredByPantry: ToCartAnswer['coveredByPantry'] = [];
      for (const need of sumNeeds(needs)) {
        const { product } = need;
        const { toAdd, covered } = subtractPantry(product, need.quantity, stock.get(product.id) ?? 0);
        if (covered > 0)
          coveredByPantry.push({ productId: product.id, name: product.name, quantity: covered });
        if (toAdd <= 0) continue;
        try {
          await cart.add(workspaceId, product.id, toAdd);
          added.push({
            productId: product.id,
            name: product.name,
            quantity: fromQuantityUnits(Math.round(toAdd * 10_000)),
          });
        } catch (error) {
          // A full list or a product at its most: said, not fatal to the rest of the week.
          if (!(error instanceof HttpError)) throw error;
          unpriced.push({ recipe: product.name, line: error.message });
        }
      }
      // What no product matched still reaches the list, as the recipe wrote it (issue 43 item 4).
      const written: ToCartAnswer['written'] = [];
      for (const line of unmatched) {
        if (!line.text) continue;
        try {
          await textItems.addToCart(workspaceId, line.text);
          written.push(line);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          unpriced.push({ recipe: line.recipe, line: `${line.text}: ${error.message}` });
        }
      }
      return { added, coveredByPantry, written, unpriced };
    },
  };
}

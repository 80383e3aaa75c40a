// A recipe's lines are parsed once, when saved, and kept with it (issue 43 item 6): reading the
// recipe, the list of recipes, the meal plan and to-cart use the kept parse. And no line may ask
// for more than 100 kg, 100 litres or 1,000 of anything.
import { ZRecipe } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { loadMealsCatalogue } from './test/meals-catalogue.js';

let t: TestApp;
let aroha: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  const cat = await loadMealsCatalogue(t);
  aroha = await signInShopper(t, 'aroha@example.com');
  expect((await aroha.api('POST', `/stores/${cat.a}`)).statusCode).toBe(200);
});
afterAll(() => t.close());

const recipe = (ingredients: string[]) => ({ name: 'Pancakes', servings: 2, ingredients });

describe('kept parse', () => {
  it('is written with the lines, and what reading answers', async () => {
    const created = ZRecipe.parse(
      (await aroha.api('POST', '/recipes', recipe(['1 cup flour', 'For the top:', '2 eggs']))).json(),
    );
    const row = await t.ctx.db
      .selectFrom('recipes')
      .select('parsed')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const kept = JSON.parse(row.parsed ?? 'null');
    expect(kept.map((line: { name: string }) => line.name)).toEqual(['flour', 'eggs']);
    // Reads answer the kept parse, not a new one: change it and every read follows it.
    kept[1].quantity = 3;
    await t.ctx.db
      .updateTable('recipes')
      .set({ parsed: JSON.stringify(kept) })
      .where('id', '=', created.id)
      .execute();
    const read = ZRecipe.parse((await aroha.api('GET', `/recipes/${created.id}`)).json());
    expect(read.ingredients[1]).toMatchObject({ line: '2 eggs', quantity: 3, name: 'eggs' });
    const day = await aroha.api('PUT', '/meals/2026-11-23', {
      entries: [{ recipeId: created.id, servings: 2 }],
    });
    expect(day.statusCode).toBe(200);
    const plan = await aroha.api('GET', '/meals?from=2026-11-23&to=2026-11-23');
    expect(plan.statusCode).toBe(200);
    // Saving again parses again (the lines may have changed).
    const saved = await aroha.api('PUT', `/recipes/${created.id}`, recipe(['1 cup flour', '2 eggs']));
    expect(ZRecipe.parse(saved.json()).ingredients[1]).toMatchObject({ quantity: 2 });
  });
});

describe('amounts too large', () => {
  it.each([
    ['101 kg flour', "'101 kg flour' asks for more than 100 kg. Check the amount."],
    ['200 litres milk', "'200 litres milk' asks for more than 100 litres. Check the amount."],
    ['5000 eggs', "'5000 eggs' asks for more than 1,000. Check the amount."],
    ['1e9 cups sugar', "'1e9 cups sugar' asks for more than 100 litres. Check the amount."],
  ])('refuses %s with a 400 on the ingredients, saving nothing', async (line, message) => {
    const before = (await aroha.api('GET', '/recipes')).json().length;
    const res = await aroha.api('POST', '/recipes', recipe(['1 cup flour', line]));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.ingredients.message).toBe(message);
    expect((await aroha.api('GET', '/recipes')).json()).toHaveLength(before);
  });

  it('refuses them on an edit too, and takes 100 kg and 1,000 eggs', async () => {
    const created = ZRecipe.parse((await aroha.api('POST', '/recipes', recipe(['1 cup flour']))).json());
    const edit = await aroha.api('PUT', `/recipes/${created.id}`, recipe(['1000 kg flour']));
    expect(edit.statusCode).toBe(400);
    const fine = await aroha.api('PUT', `/recipes/${created.id}`, recipe(['100 kg flour', '1000 eggs']));
    expect(fine.statusCode).toBe(200);
  });
});

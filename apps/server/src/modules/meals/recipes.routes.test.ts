// Recipes over HTTP on a real catalogue: CRUD, parsing, matching, costing at the cheapest of the
// workspace's stores, the household's own product choice, caps and error shapes.
import { ZRecipe, ZRecipeSummary } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';
import { loadMealsCatalogue } from './test/meals-catalogue.js';

let t: TestApp;
let aroha: Shopper;
let ben: Shopper;
let cat: Awaited<ReturnType<typeof loadMealsCatalogue>>;

const pikelets = {
  name: 'Edmonds pikelets',
  servings: 4,
  ingredients: [
    '1 cup Edmonds standard grade flour',
    '2 eggs',
    '¾ cup milk',
    '50g butter, melted',
    'pinch of salt',
    '8 slices bacon',
  ],
  method: 'Sift the flour. Beat in the eggs and milk.\nCook spoonfuls on a hot pan.',
};

beforeAll(async () => {
  t = await buildTestApp();
  cat = await loadMealsCatalogue(t);
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  for (const store of [cat.a, cat.b]) {
    expect((await aroha.api('POST', `/stores/${store}`)).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

describe('recipes', () => {
  let id: number;

  it('are created from name, servings and lines, answered parsed, matched and costed', async () => {
    const res = await aroha.api('POST', '/recipes', pikelets);
    expect(res.statusCode).toBe(200);
    const recipe = ZRecipe.parse(res.json());
    id = recipe.id;
    expect(recipe.ingredients.map((i) => [i.quantity, i.unit, i.name, i.productId, i.status])).toEqual([
      [1, 'cup', 'edmonds standard grade flour', cat.products.FLOUR, 'priced'],
      [2, 'each', 'eggs', cat.products.EGGS12, 'priced'],
      [0.75, 'cup', 'milk', cat.products.MILK2, 'priced'],
      [50, 'g', 'butter', cat.products.BUTTER, 'priced'],
      [null, null, 'salt', null, 'toTaste'],
      [8, 'each', 'bacon', null, 'unpriced'],
    ]);
    // Against the catalogue: flour 150 g of 1.5 kg × $3.50 = 35; eggs 2/12 × $9.00 = 150;
    // milk 187.5 ml of 2 L × $4.00 = 37.5 -> 38; butter 50 g of 500 g at New World's $6.50 = 65.
    expect(recipe.ingredients.map((i) => i.cost)).toEqual([35, 150, 38, 65, null, null]);
    expect(recipe.ingredients[3]?.product).toMatchObject({ price: 650, storeId: cat.b });
    expect(recipe.cost).toEqual({
      total: 288,
      perServing: 72,
      toBuy: 350 + 900 + 400 + 650,
      unpriced: 2,
      // Salt is to taste and left out; the bacon counts against the cost: 4 of 5 priced.
      priced: 4,
      counted: 5,
      // A cup of the 1.5 kg flour, ¾ cup of the 2 L milk and 50 g of the 500 g butter are a tenth
      // or less of the pack; 2 of the dozen eggs are a sixth.
      bigPacks: [cat.products.FLOUR, cat.products.MILK2, cat.products.BUTTER],
    });
    expect(recipe.ingredients.map((i) => i.bigPack)).toEqual([true, false, true, true, false, false]);
    // All four products at PAK'nSAVE: 35 + 150 + 38 + 70; New World: 36 + 158 + 42 + 65.
    expect(recipe.storeTotals).toEqual([
      { storeId: cat.a, total: 293 },
      { storeId: cat.b, total: 301 },
    ]);
    expect(recipe.method).toBe(pikelets.method);
  });

  it('are listed with their cost, and read, by every member of the household', async () => {
    await shareWith(aroha, ben);
    const list = await ben.api('GET', '/recipes', undefined, aroha.shortCode);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: unknown) => ZRecipeSummary.parse(r))).toEqual([
      {
        id,
        name: 'Edmonds pikelets',
        servings: 4,
        imageUrl: null,
        cost: expect.objectContaining({ total: 288, priced: 4, counted: 5 }),
      },
    ]);
    expect((await ben.api('GET', `/recipes/${id}`, undefined, aroha.shortCode)).json().name).toBe(
      'Edmonds pikelets',
    );
    // Ben's own workspace has none, and Aroha's recipe is unknown there.
    expect((await ben.api('GET', '/recipes')).json()).toEqual([]);
    expect((await ben.api('GET', `/recipes/${id}`)).statusCode).toBe(404);
  });

  it('are changed with PUT and cost again at the new servings', async () => {
    const res = await aroha.api('PUT', `/recipes/${id}`, { ...pikelets, servings: 8, name: 'Pikelets' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Pikelets', servings: 8, cost: { total: 288, perServing: 36 } });
  });

  it('say when a pack is big only for what the whole recipe uses', async () => {
    // 4 cups of flour are 600 g of the 1.5 kg bag and 8 eggs two thirds of the dozen: no big packs.
    const res = await aroha.api('POST', '/recipes', {
      name: 'Big batch pikelets',
      servings: 12,
      ingredients: ['2 cups flour', '2 cups flour', '8 eggs', '1 tsp butter'],
    });
    expect(res.statusCode).toBe(200);
    const recipe = ZRecipe.parse(res.json());
    expect(recipe.cost).toMatchObject({ priced: 4, counted: 4, bigPacks: [cat.products.BUTTER] });
    expect(recipe.ingredients.map((i) => i.bigPack)).toEqual([false, false, false, true]);
    expect((await aroha.api('DELETE', `/recipes/${recipe.id}`)).statusCode).toBe(204);
  });

  it('take the household’s own product for an ingredient, remembered for that name', async () => {
    const chosen = await aroha.api('PUT', `/recipes/${id}/ingredients/3`, { productId: cat.products.PEANUT });
    expect(chosen.statusCode).toBe(200);
    const butter = ZRecipe.parse(chosen.json()).ingredients[3];
    expect(butter).toMatchObject({
      productId: cat.products.PEANUT,
      chosen: true,
      status: 'priced',
      cost: 79,
    });
    const other = await aroha.api('POST', '/recipes', {
      name: 'Toast',
      servings: 1,
      ingredients: ['1 tbsp Butter'],
    });
    expect(ZRecipe.parse(other.json()).ingredients[0]).toMatchObject({
      productId: cat.products.PEANUT,
      chosen: true,
    });
    // Only in this workspace.
    expect((await ben.api('POST', `/stores/${cat.a}`)).statusCode).toBe(200);
    const bens = await ben.api('POST', '/recipes', {
      name: 'Toast',
      servings: 1,
      ingredients: ['1 tbsp butter'],
    });
    expect(ZRecipe.parse(bens.json()).ingredients[0]).toMatchObject({
      productId: cat.products.BUTTER,
      chosen: false,
    });
    await aroha.api('PUT', `/recipes/${id}/ingredients/3`, { productId: cat.products.BUTTER });
  });

  it('refuse bad input in the error shape', async () => {
    const noName = await aroha.api('POST', '/recipes', { ...pikelets, name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.name.message).toBe('Enter a name for the recipe.');
    const servings = await aroha.api('POST', '/recipes', { ...pikelets, servings: 0 });
    expect(servings.statusCode).toBe(400);
    expect(servings.json().errors.servings).toBeDefined();
    const tooMany = await aroha.api('POST', '/recipes', {
      ...pikelets,
      ingredients: Array(81).fill('1 egg'),
    });
    expect(tooMany.statusCode).toBe(400);
    const badUrl = await aroha.api('POST', '/recipes', { ...pikelets, sourceUrl: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect((await aroha.api('GET', '/recipes/abc')).statusCode).toBe(400);
    expect((await aroha.api('GET', '/recipes/424242')).statusCode).toBe(404);
    expect(
      (await aroha.api('PUT', `/recipes/${id}/ingredients/40`, { productId: cat.products.MILK2 })).statusCode,
    ).toBe(404);
    const unknownProduct = await aroha.api('PUT', `/recipes/${id}/ingredients/1`, { productId: 999_999 });
    expect(unknownProduct.statusCode).toBe(400);
    expect(unknownProduct.json().errors.productId).toBeDefined();
  });

  it('are deleted, harmlessly unknown after', async () => {
    const made = await aroha.api('POST', '/recipes', { name: 'Gone soon', servings: 2, ingredients: [] });
    const goneId = made.json().id;
    expect((await aroha.api('DELETE', `/recipes/${goneId}`)).statusCode).toBe(204);
    expect((await aroha.api('DELETE', `/recipes/${goneId}`)).statusCode).toBe(404);
  });

  it('are capped per workspace', async () => {
    const cara = await signInShopper(t, 'cara@example.com');
    const now = Date.now();
    await t.ctx.db
      .insertInto('recipes')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          workspace_id: cara.workspaceId,
          name: `R${i}`,
          servings: 1,
          ingredients: '[]',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const full = await cara.api('POST', '/recipes', { name: 'One more', servings: 1, ingredients: [] });
    expect(full.statusCode).toBe(400);
    expect(full.json().errors.name.message).toMatch(/up to 500 recipes/);
  });
});

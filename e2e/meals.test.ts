// Meals (issue 34) in Chromium at 390x844 on the production build: a recipe imported by pasting,
// saved, its cost seen, planned on a day; the week sent to the shopping list, whose items then
// show on the list. A recipe with lines no product matches says how much of it the cost covers
// and which packs are big, and its unmatched lines reach the list as written (issue 43 item 5). Screenshots of each new screen, light and dark (and the week at 1280x800),
// go to /tmp/kete-shots/meals (not on CI: support/shots.ts).
import { formatMoney, type PantryItem, type Recipe, splitCartByStore } from '@kete/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlledByServiceWorker, waitUntilKept } from './support/device-storage.js';
import { callApi, cartApi, shotBothThemes, signInWithStores } from './support/shopper.js';
import { saveShot } from './support/shots.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });
const shots = (page: Page, name: string) => shotBothThemes(page, `meals/${name}`);

const pasted = `Weeknight spaghetti bolognese
Serves 4
500g beef mince
1 onion, diced
400g spaghetti
1 cup milk
Salt and pepper to taste
Brown the mince with the onion in a large pan.
Add the milk, simmer 20 minutes and serve with the spaghetti.`;

describe('meals', () => {
  it('imports a pasted recipe, costs it, plans it and sends the week to the shopping list', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);

    await goInApp(page, '/w/meals/recipes');
    await page.getByText('No recipes yet').waitFor();
    await shots(page, 'recipes-empty');

    await page.getByRole('link', { name: 'Add recipe' }).click();
    await page.getByRole('heading', { name: 'Add a recipe' }).waitFor();
    await page.getByLabel('Recipe text').fill(pasted);
    await shots(page, 'import-paste');
    await page.getByRole('button', { name: 'Read recipe' }).click();
    const draft = page.getByRole('region', { name: 'Draft' });
    await draft.getByLabel('Name').waitFor();
    expect(await draft.getByLabel('Name').inputValue()).toBe('Weeknight spaghetti bolognese');
    expect(await draft.getByLabel('Ingredients, one a line').inputValue()).toContain('500g beef mince');
    await draft.getByText(/a serving\) at your stores/).waitFor();
    await shots(page, 'import-draft');

    await draft.getByRole('button', { name: 'Save recipe' }).click();
    await page.getByRole('heading', { name: 'Weeknight spaghetti bolognese' }).waitFor();
    const cost = page.getByRole('region', { name: 'Cost' });
    const headline = (await cost.locator('p').first().textContent()) ?? '';
    expect(headline).toMatch(/^\$\d+\.\d\d a serving · \d+ of \d+ ingredients priced$/);
    expect(headline).not.toMatch(/^\$0\.00/);
    await page
      .getByText(/Premium Beef Mince|Prime Beef Mince|Lean Beef Mince/)
      .first()
      .waitFor();
    await shots(page, 'recipe-detail');

    // Plan it for today (the date field starts there).
    await page.getByRole('button', { name: 'Plan it' }).click();
    await page
      .getByRole('status')
      .getByText(/Planned for/)
      .waitFor();

    await page.getByRole('link', { name: 'See the week' }).click();
    await page.getByRole('heading', { name: 'Meals' }).waitFor();
    await page.getByRole('link', { name: 'Weeknight spaghetti bolognese' }).waitFor();
    await shots(page, 'week');

    await page.getByRole('button', { name: 'Add the week to the shopping list' }).click();
    await page
      .getByRole('status')
      .getByText(/Added \d+ items? to the shopping list/)
      .waitFor();
    await shots(page, 'week-added');

    const cart = await cartApi(page, shopper);
    const names = cart.map((item) => item.product.name);
    expect(names.some((name) => /Beef Mince/.test(name))).toBe(true);
    expect(names.some((name) => /Spaghetti/.test(name))).toBe(true);
    expect(names.some((name) => /Onions/.test(name))).toBe(true);

    await page.getByRole('link', { name: 'Open the shopping list' }).click();
    await page.waitForURL('**/w/cart');
    const mince = cart.find((item) => /Beef Mince/.test(item.product.name));
    await page
      .getByText(mince?.product.name ?? 'Beef Mince')
      .first()
      .waitFor();

    // In-store mode: a ticked item is offered to the pantry.
    const { groups } = splitCartByStore(cart, shopper.stores, () => true);
    const group = [...groups].sort((a, b) => b.lines.length - a.lines.length)[0];
    if (!group) throw new Error('expected a store with items');
    await goInApp(page, '/w/cart');
    await page.getByRole('tab', { name: 'By store' }).click();
    await page.getByRole('link', { name: `Start shopping here: ${group.store.name}` }).click();
    await page.waitForURL(`**/w/shop/${group.store.id}`);
    await page.locator('[data-trip-line]').first().click();
    await page.getByRole('button', { name: 'Put in the pantry' }).click();
    await page.getByText(/is in the pantry\./).waitFor();
    const stocked = await callApi<PantryItem[]>(page, 'GET', `/api/${shopper.shortCode}/pantry`);
    expect(stocked).toHaveLength(1);
    await saveShot(page, 'meals/in-store-pantry-offer-light', 0);

    // The recipes list, with the recipe's cost per serving.
    await goInApp(page, '/w/meals/recipes');
    await page.getByText('a serving').first().waitFor();
    await shots(page, 'recipes');

    // Readable offline (item 1): with no signal, a reload still shows the recipes as last seen.
    await controlledByServiceWorker(page);
    await waitUntilKept(page, `/api/${shopper.shortCode}/recipes`);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Weeknight spaghetti bolognese').first().waitFor();
    await page.getByText('a serving').first().waitFor();
    await page.context().setOffline(false);

    // The pantry: a product added through its search.
    await goInApp(page, '/w/meals/pantry');
    await page.getByRole('button', { name: /^Take .* out of the pantry$/ }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const picker = page.getByRole('region', { name: 'Add to the pantry' });
    await picker.getByLabel('Search products').fill('milk');
    await picker.getByRole('button', { name: 'Search' }).click();
    await picker.getByRole('button').filter({ hasText: 'Milk' }).first().click();
    await picker.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await callApi<PantryItem[]>(page, 'GET', `/api/${shopper.shortCode}/pantry`)).length)
      .toBeGreaterThanOrEqual(1);
    await shots(page, 'pantry');

    // The week on a laptop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await goInApp(page, '/w/meals');
    await page.getByRole('link', { name: 'Weeknight spaghetti bolognese' }).waitFor();
    await saveShot(page, 'meals/week-1280', 400);
  });

  it('says how sure a cost is when lines are unpriced, and puts those lines on the list as written', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server, 'fritters@example.com');
    const recipe = await callApi<Recipe>(page, 'POST', `/api/${shopper.shortCode}/recipes`, {
      name: 'Lovage and eel fritters',
      servings: 4,
      ingredients: [
        '1 cup flour',
        '2 eggs',
        '1 tbsp butter',
        '3 sprigs lovage',
        '200g smoked eel',
        'Salt to taste',
      ],
    });
    const unmatched = recipe.ingredients.filter((i) => i.status === 'unpriced' && !i.product);
    expect(unmatched.map((i) => i.line)).toEqual(['3 sprigs lovage', '200g smoked eel']);
    expect(recipe.cost).toMatchObject({ priced: 3, counted: 5 });
    // A spoon of butter from a 500 g block is costed as its share and flagged.
    expect(recipe.ingredients.find((i) => i.line === '1 tbsp butter')?.bigPack).toBe(true);

    await goInApp(page, `/w/meals/recipes/${recipe.id}`);
    await page.getByRole('heading', { name: 'Lovage and eel fritters' }).waitFor();
    const cost = page.getByRole('region', { name: 'Cost' });
    expect(await cost.locator('p').first().textContent()).toBe(
      `${formatMoney(recipe.cost.perServing)} a serving · 3 of 5 ingredients priced`,
    );
    expect(await page.getByText('No product found').count()).toBe(2);
    expect(await page.getByText('big pack', { exact: true }).count()).toBe(
      recipe.ingredients.filter((i) => i.bigPack).length,
    );
    await page.getByText('A big pack costs only the share used; the rest is left over.').waitFor();
    await shots(page, 'recipe-unpriced');
    await page.getByText('3 sprigs lovage').evaluate((line) => line.scrollIntoView({ block: 'center' }));
    await shots(page, 'recipe-unpriced-lines');

    await page.getByRole('button', { name: 'Plan it' }).click();
    await page.getByRole('link', { name: 'See the week' }).click();
    await page.getByRole('button', { name: 'Add the week to the shopping list' }).click();
    const status = page.getByRole('status').filter({ hasText: 'On the list as written' });
    await status.getByText('3 sprigs lovage; 200g smoked eel', { exact: false }).waitFor();
    await shots(page, 'week-written');

    await status.getByRole('link', { name: 'Open the shopping list' }).click();
    await page.waitForURL('**/w/cart');
    await page.getByText('3 sprigs lovage').first().waitFor();
    await page.getByText('200g smoked eel').first().waitFor();
    await shots(page, 'list-written');
  });
});

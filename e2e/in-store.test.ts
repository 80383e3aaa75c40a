// In-store mode (issue 13): from a store group of 'By store', 'Start shopping here' opens that
// store's items by aisle; a tap ticks an item into the trolley (and off the shared list), the bars
// show the trolley against the plan and the week against a budget; leaving keeps the ticks.
import { formatMoney, groupByAisle, type Product, splitCartByStore } from '@kete/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { callApi, cartApi, type Shopper, searchApi, shot, signInWithStores } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

async function listProducts(page: Page, shopper: Shopper, searches: string[]): Promise<Product[]> {
  const products: Product[] = [];
  for (const text of searches) {
    const found = (await searchApi(page, shopper, text)).find((p) => p.saleType === 0 && p.prices.length > 0);
    if (!found) throw new Error(`the demo catalogue has no ${text}`);
    await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: found.id, quantity: 1 });
    products.push(found);
  }
  return products;
}

const barText = (page: Page, label: string) =>
  page.locator(`[data-money-bar="${label}"] span.tabular`).first().textContent();

describe('in-store mode', () => {
  it('walks one store by aisle, ticks into the trolley against the plan and a weekly budget, and keeps ticks on leaving', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const searches = [
      'ice cream',
      'milk',
      'bread',
      'rice',
      'toilet paper',
      'yoghurt',
      'juice',
      'frozen chips',
    ];
    await listProducts(page, shopper, searches);
    const cart = await cartApi(page, shopper);
    const { groups } = splitCartByStore(cart, shopper.stores, () => true);
    const group = [...groups].sort((a, b) => b.lines.length - a.lines.length)[0];
    if (!group || group.lines.length < 2) throw new Error('expected a store with at least two items');

    await goInApp(page, '/w/cart');
    await page.getByRole('tab', { name: 'By store' }).click();
    await page.getByRole('link', { name: `Start shopping here: ${group.store.name}` }).click();
    await page.waitForURL(`**/w/shop/${group.store.id}`);
    await page.getByRole('heading', { name: group.store.name }).waitFor();

    // Aisles in walking order, each with the lines the split sent to this store.
    const expected = groupByAisle(group.lines, (line) => line.product).map((g) => g.aisle.title);
    await page.locator('[data-trip-line]').first().waitFor();
    const shown = await page
      .locator('section[aria-label]')
      .evaluateAll((s) => s.map((e) => e.getAttribute('aria-label')));
    expect(shown).toEqual(expected);
    expect(await page.locator('[data-trip-line]').count()).toBe(group.lines.length);
    expect(await barText(page, 'In the trolley')).toBe(`${formatMoney(0)} of ${formatMoney(group.total)}`);

    // A weekly budget, saved as a setting.
    await page.getByRole('button', { name: 'Set a weekly budget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weekly budget' });
    await dialog.getByLabel('Weekly budget ($)').fill('150');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await barText(page, "This week's budget")).toBe(`${formatMoney(0)} of $150.00`);

    // A tap ticks the first line into the trolley and takes it off the shared list.
    const [first, second] = group.lines;
    if (!first || !second) throw new Error('two lines expected');
    const firstRow = page.locator(`[data-trip-line="${first.product.id}"]`);
    await firstRow.click();
    expect(await firstRow.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await cartApi(page, shopper)).some((i) => i.product.id === first.product.id))
      .toBe(false);
    expect(await barText(page, 'In the trolley')).toBe(
      `${formatMoney(first.lineTotal)} of ${formatMoney(group.total)}`,
    );
    expect(await barText(page, "This week's budget")).toBe(`${formatMoney(first.lineTotal)} of $150.00`);
    await shot(page, 'in-store');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Leaving keeps the trolley; the ticked item is no longer on the shopping list.
    await page.getByRole('link', { name: 'Leave in-store mode' }).click();
    await page.waitForURL('**/w/cart');
    await page.locator(`[data-cart-row="${second.product.id}"]`).waitFor();
    expect(await page.locator(`[data-cart-row="${first.product.id}"]`).count()).toBe(0);
    await page.getByRole('link', { name: `Start shopping here: ${group.store.name}` }).click();
    await page.getByRole('heading', { name: group.store.name }).waitFor();
    await expect.poll(() => firstRow.getAttribute('aria-pressed')).toBe('true');
    expect(await barText(page, 'In the trolley')).toBe(
      `${formatMoney(first.lineTotal)} of ${formatMoney(group.total)}`,
    );

    // Unticking puts it back on the list with the same quantity.
    await firstRow.click();
    expect(await firstRow.getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(
        async () => (await cartApi(page, shopper)).find((i) => i.product.id === first.product.id)?.quantity,
      )
      .toBe(1);
    expect(await barText(page, "This week's budget")).toBe(`${formatMoney(0)} of $150.00`);
  });
});

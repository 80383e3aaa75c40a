// In-store mode (issue 13): from a store group of 'By store', 'Start shopping here' opens that
// store's items by aisle; a tap ticks an item into the trolley (and off the shared list), the bars
// show the trolley against the plan and the week against a budget; leaving keeps the ticks.
import { formatMoney, groupByAisle, type Product, splitCartByStore } from '@kete/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../apps/server/src/modules/catalogue/demo/demo-products.js';
import { openApp } from './support/app-page.js';
import { seriousA11yViolations } from './support/axe.js';
import { launchScanningBrowser } from './support/scan-browser.js';
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
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await shot(page, 'in-store-dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'in-store-wide');
    await page.setViewportSize({ width: 390, height: 844 });

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

describe('scanning in the aisle', () => {
  const scanned = demoProducts(1)[0];
  let browser: Browser;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (!scanned) throw new Error('no demo product');
    ({ browser, close } = await launchScanningBrowser(scanned.barcode));
  });

  afterAll(() => close());

  async function scanAt(page: Page, storeName: string) {
    await page.getByRole('heading', { name: storeName }).waitFor();
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    const camera = page.getByRole('dialog', { name: 'Scan barcode' });
    await camera.waitFor();
    await camera.waitFor({ state: 'detached', timeout: 20_000 });
  }

  it("ticks the scanned item when it is on this store's list", async () => {
    const { context, page } = await openApp(browser, suite.server);
    try {
      await context.grantPermissions(['camera']);
      const shopper = await signInWithStores(page, suite.server);
      const product = (await searchApi(page, shopper, scanned?.barcode ?? ''))[0];
      if (!product) throw new Error('the scanned product is not found by its barcode');
      await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: product.id, quantity: 1 });
      const cart = await cartApi(page, shopper);
      const group = splitCartByStore(cart, shopper.stores, () => true).groups.find((g) => g.lines.length > 0);
      if (!group) throw new Error('no store prices the scanned product');
      await goInApp(page, `/w/shop/${group.store.id}`);
      await scanAt(page, group.store.name);
      await page.getByText(`Ticked ${product.name}.`).waitFor();
      expect(await page.locator(`[data-trip-line="${product.id}"]`).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await expect.poll(async () => (await cartApi(page, shopper)).length).toBe(0);
      await shot(page, 'in-store-scan-ticked');
    } finally {
      await context.close();
    }
  });

  it("offers to add a scanned item that is not on the list, at this store's price", async () => {
    const { context, page } = await openApp(browser, suite.server);
    try {
      await context.grantPermissions(['camera']);
      const shopper = await signInWithStores(page, suite.server);
      const product = (await searchApi(page, shopper, scanned?.barcode ?? ''))[0];
      const price = product?.prices.find((p) => shopper.stores.some((s) => s.id === p.storeId));
      const store = shopper.stores.find((s) => s.id === price?.storeId);
      if (!product || !price || !store) throw new Error('the scanned product has no price at these stores');
      await goInApp(page, `/w/shop/${store.id}`);
      await page.getByText('Nothing to buy here').waitFor();
      await scanAt(page, store.name);
      const offer = page.getByRole('dialog', { name: 'Not on this list' });
      const add = offer.getByRole('button', {
        name: `Add to trolley for ${formatMoney(Math.round(price.price * product.minimumQuantity))}`,
      });
      await add.waitFor();
      await shot(page, 'in-store-scan-offer');
      expect(await cartApi(page, shopper)).toEqual([]);
      await add.click();
      const line = page.locator(`[data-trip-line="${product.id}"]`);
      expect(await line.getAttribute('aria-pressed')).toBe('true');
      expect(await line.textContent()).toContain('scanned');
      // Nothing was planned here, so the trolley shows its total alone.
      expect(await page.locator('[data-trolley-total]').textContent()).toContain(
        formatMoney(Math.round(price.price * product.minimumQuantity)),
      );
    } finally {
      await context.close();
    }
  });
});

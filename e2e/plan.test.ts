// The plan on screen (issue 13): 'By store' keeps the spec's 'Every cheapest store' by default;
// 'At most 1 / 2 stores' shows the server's plan with its total, the saving against the cheapest
// single store, distances once the device location is allowed, and 'Any brand' with a veto.
import { DEFAULT_MIN_SAVING, formatMoney, type Plan, type Product } from '@kete/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import {
  callApi,
  cartApi,
  reloadAt,
  type Shopper,
  searchApi,
  shot,
  signInWithStores,
} from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

// The app asks with the household's threshold for an extra store ($2.00 until changed, issue 49).
const planApi = (page: Page, shopper: Shopper, body: object) =>
  callApi<Plan>(page, 'POST', `/api/${shopper.shortCode}/cart/plan`, {
    minSaving: DEFAULT_MIN_SAVING,
    ...body,
  });

/** The dearest unit-sold product a search finds: the one an 'Any brand' swap most likely beats. */
async function dearest(page: Page, shopper: Shopper, text: string): Promise<Product> {
  const found = (await searchApi(page, shopper, text)).filter(
    (p) => p.saleType === 0 && p.bestPrice !== null,
  );
  const product = found.sort((a, b) => (b.bestPrice ?? 0) - (a.bestPrice ?? 0))[0];
  if (!product) throw new Error(`no ${text}`);
  return product;
}

describe('the plan control', () => {
  it('plans for at most 1 or 2 stores with the saving, remembers the choice, shows distances and any-brand swaps', async () => {
    const { page, context } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const products: Product[] = [];
    for (const text of ['milk', 'butter', 'bread', 'rice', 'coffee', 'cheese', 'juice', 'biscuits']) {
      const product = await dearest(page, shopper, text);
      products.push(product);
      await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: product.id, quantity: 1 });
    }

    await goInApp(page, '/w/cart');
    await page.getByRole('tab', { name: 'By store' }).click();
    const every = page.getByRole('radio', { name: 'Every cheapest store' });
    expect(await every.isChecked()).toBe(true);
    expect(await page.locator('[data-plan]').count()).toBe(0);

    // At most one store: the cheapest single store, all of the list there.
    await page.getByRole('radio', { name: 'At most 1 store' }).check({ force: true });
    expect(await page.getByRole('radio', { name: 'At most 1 store' }).isChecked()).toBe(true);
    const one = await planApi(page, shopper, { maxStores: 1 });
    const oneStore = shopper.stores.find((s) => s.id === one.stores[0]?.storeId);
    await page
      .locator('[data-plan-saving]')
      .getByText(`${oneStore?.name} is the cheapest single store`)
      .waitFor();
    expect(await page.locator('[data-cart-total="Total"]').textContent()).toContain(formatMoney(one.total));

    // At most two: the plan's stores, subtotals, total and what splitting saves.
    await page.getByRole('radio', { name: 'At most 2 stores' }).check({ force: true });
    const two = await planApi(page, shopper, { maxStores: 2 });
    if (two.stores.length !== 2 || two.saving <= 0)
      throw new Error('the demo list should be cheaper at two stores');
    await page
      .locator('[data-plan-saving]')
      .getByText(`Splitting across 2 stores saves ${formatMoney(two.saving)}`)
      .waitFor();
    for (const planStore of two.stores) {
      const store = shopper.stores.find((s) => s.id === planStore.storeId);
      const group = page.locator(`[data-store-group="${store?.name}"]`);
      expect(await group.locator('[data-group-total]').textContent()).toBe(formatMoney(planStore.subtotal));
      expect(await group.locator('[data-cart-row]').count()).toBe(planStore.items.length);
    }
    expect(await page.locator('[data-cart-total="Total"]').textContent()).toContain(formatMoney(two.total));
    await shot(page, 'plan-two-stores');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Club cards are a setting too; both survive a fresh start, and with the location allowed the
    // plan's stores show how far away they are.
    await page.getByRole('checkbox', { name: 'New World Clubcard' }).check();
    const near = shopper.stores[0];
    if (near?.latitude == null || near.longitude == null) throw new Error('store without a location');
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: near.latitude, longitude: near.longitude });
    await reloadAt(page, '/w/cart');
    // The settings come from the local database a moment after the screen opens.
    await expect.poll(() => page.getByRole('radio', { name: 'At most 2 stores' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'New World Clubcard' }).isChecked()).toBe(true);
    const located = await planApi(page, shopper, {
      maxStores: 2,
      clubCards: ['newworld'],
      origin: { latitude: near.latitude, longitude: near.longitude },
    });
    await expect.poll(() => page.locator('[data-distance]').count()).toBe(located.stores.length);
    await page
      .locator('[data-plan-saving]')
      .getByText(
        located.saving > 0
          ? `Splitting across 2 stores saves ${formatMoney(located.saving)}`
          : 'Splitting across 2 stores prices more of the list',
      )
      .waitFor();

    // 'Any brand' on the dearest milk: the plan buys an alternative, and 'Not this one' vetoes it.
    const milk = products[0] as Product;
    // The row's name opens the item drawer.
    await page.locator(`[data-cart-row="${milk.id}"] [data-open-item]`).click();
    const drawer = page.getByRole('dialog', { name: milk.name });
    // A controlled switch: it follows the cart's cache, which the change updates a moment later.
    const anyBrand = drawer.getByRole('checkbox', { name: 'Any brand' });
    await anyBrand.click();
    await expect.poll(() => anyBrand.isChecked()).toBe(true);
    await expect
      .poll(async () => (await cartApi(page, shopper)).find((i) => i.product.id === milk.id)?.anyBrand)
      .toBe(true);
    await drawer.getByRole('list', { name: 'Alternatives' }).waitFor();
    await shot(page, 'plan-any-brand-drawer');
    await drawer.getByRole('button', { name: 'Close drawer' }).click();
    const swapped = await planApi(page, shopper, { maxStores: 2, clubCards: ['newworld'] });
    const swap = swapped.stores.flatMap((s) => s.items).find((item) => item.substituteFor === milk.id);
    if (!swap) throw new Error('the plan should buy another milk for the dearest one');
    const note = page.locator(`[data-substitute="${swap.productId}"]`);
    await note.getByText('Any brand: buying').waitFor();
    await shot(page, 'plan-substitute');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await shot(page, 'plan-substitute-dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'plan-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await note.getByRole('button', { name: /^Not this one/ }).click();
    await expect
      .poll(
        async () =>
          (await cartApi(page, shopper)).find((i) => i.product.id === milk.id)?.excludedAlternatives,
      )
      .toEqual([swap.productId]);
    await note.waitFor({ state: 'detached' });

    // In-store mode from a planned store: the plan's lines for it and its subtotal.
    const final = await planApi(page, shopper, {
      maxStores: 2,
      clubCards: ['newworld'],
      origin: { latitude: near.latitude, longitude: near.longitude },
    });
    const firstPlanned = final.stores[0];
    const firstStore = shopper.stores.find((s) => s.id === firstPlanned?.storeId);
    if (!firstPlanned || !firstStore) throw new Error('the plan has no store');
    await page.getByRole('link', { name: `Start shopping here: ${firstStore.name}` }).click();
    await page.getByRole('heading', { name: firstStore.name }).waitFor();
    await expect.poll(() => page.locator('[data-trip-line]').count()).toBe(firstPlanned.items.length);
    // Polled: the screen may first show the plan kept from before 'Not this one' (the same number of
    // lines, the vetoed milk's price) until its own asking again answers.
    await expect
      .poll(() => page.locator('[data-money-bar="In the trolley"] span.tabular').first().textContent())
      .toBe(`${formatMoney(0)} of ${formatMoney(firstPlanned.subtotal)}`);
    await page.getByRole('link', { name: 'Leave in-store mode' }).click();
    await page.locator('[data-plan]').waitFor();

    // Back to the spec's rule.
    await every.check({ force: true });
    await page.locator('[data-plan]').waitFor({ state: 'detached' });
  });
});

describe('an idle plan (issue 32)', () => {
  it("left open on 'By store', asks the server for itself at most twice in 10 s", async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    for (const text of ['milk', 'bread', 'butter']) {
      const product = await dearest(page, shopper, text);
      await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: product.id, quantity: 1 });
    }
    await goInApp(page, '/w/cart');
    await page.getByRole('tab', { name: 'By store' }).click();
    await page.getByRole('radio', { name: 'At most 2 stores' }).check({ force: true });
    await page.locator('[data-plan-saving]').waitFor();

    // Nothing changes from here on: the page, its live stream and the server are left alone.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/cart/plan')) asked.push(request.url());
    });
    await page.waitForTimeout(10_000);
    expect(asked.length, 'plan requests in 10 s').toBeLessThanOrEqual(2);
  });
});

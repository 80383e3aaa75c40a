// A shopper's eye (issue 37): the numbers right, dark mode finished, every tap answered, each
// product named, search finished, and nothing floating over content at desktop width. Each test
// fails without its fix where a shopper would notice; screenshots go to /work/shots/eye/.
import { mkdirSync } from 'node:fs';
import { formatMoney, type Plan, type Product } from '@kete/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { callApi, cartApi, searchApi, searchInApp, signInWithStores, swipe } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });
const SHOTS = '/work/shots/eye';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  await page.waitForTimeout(350); // sheets and drawers finish sliding in
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function setTheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  await page.waitForTimeout(300); // colours change with a transition
}

/** Both themes' screenshots of what is on screen now. */
async function shotBoth(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await setTheme(page, scheme);
    await shot(page, `${name}-${scheme}`);
  }
  await setTheme(page, 'light');
}

/** WCAG contrast of two CSS colours (rgb()/rgba(), alpha ignored). */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const styleOf = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

describe("a shopper's eye", () => {
  it('shows unit prices to the cent, and a store’s specials at that store’s price', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    // A 1 kg pack: its unit price per kg is its price, to the cent (the per-100 g quote rounds to 10c).
    const cheeses = await searchApi(page, shopper, 'edam cheese');
    const kilo = cheeses.find(
      (p) => p.displayUnits === '1kg' && p.bestPrice !== null && p.bestPrice % 10 !== 0,
    );
    if (!kilo || kilo.bestPrice === null) throw new Error('no 1 kg cheese');
    await searchInApp(page, kilo.name);
    const row = page.locator(`[data-product-row="${kilo.id}"]`);
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(`${formatMoney(kilo.bestPrice)}/kg`);
    await shotBoth(page, 'search-unit-price');

    // The specials sheet of one store: that store's price, not 'low – high' across the stores.
    await goInApp(page, '/w/home');
    const card = page.getByRole('button', { name: /specials$/ }).first();
    await card.click();
    const sheet = page.getByRole('list', { name: 'Specials' });
    await sheet.waitFor();
    await page.locator('[data-product-row]').first().waitFor();
    const prices = await sheet.locator('[data-price]').allInnerTexts();
    expect(prices.length).toBeGreaterThan(0);
    for (const text of prices) expect(text).not.toContain('–');
    await expect(sheet.textContent()).resolves.toContain('was ');
    await shotBoth(page, 'specials-sheet');
  });

  it('gives every sheet a solid surface and a clearly marked selection in the dark', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const [milk] = await searchApi(page, shopper, 'milk');
    if (!milk) throw new Error('no milk');
    await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: milk.id, quantity: 1 });
    await setTheme(page, 'dark');
    await goInApp(page, '/w/cart');
    await page.getByRole('heading', { name: 'Shopping list' }).waitFor();

    // All / By store: the selected tab stands out from the track (it was white on grey: 1.2:1).
    const selected = await styleOf(page, '[role=tab][aria-selected=true]', 'background-color');
    const track = await styleOf(page, '[role=tablist]', 'background-color');
    expect(contrast(selected, track)).toBeGreaterThan(3);
    await shot(page, 'cart-tabs-dark');

    // The import sheet is opaque: the list does not show through its text.
    await page.getByRole('button', { name: 'Import a list' }).click();
    const overlay = page.getByRole('dialog', { name: 'Import a list' });
    await overlay.waitFor();
    const background = await overlay.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toMatch(/^rgb\(/); // no alpha: rgba(0, 0, 0, 0.6) before
    expect(contrast(background, await overlay.evaluate((el) => getComputedStyle(el).color))).toBeGreaterThan(
      7,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotBoth(page, 'import-sheet');
    await setTheme(page, 'dark');
    await page.keyboard.press('Escape');

    // The price chart's axis labels are drawn in the dark theme's text colour, readable.
    await searchInApp(page, milk.name);
    await page.locator(`[data-product-row="${milk.id}"] button`).first().click();
    const chart = page.locator('[data-price-chart]');
    await chart.waitFor();
    const labels = await chart.evaluate((el) => getComputedStyle(el).color);
    const surface = await page
      .locator('.sheet-surface')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(contrast(labels, surface)).toBeGreaterThan(7);
    const pressed = await styleOf(page, '[aria-pressed=true]', 'background-color');
    const unpressed = await styleOf(page, 'fieldset', 'background-color');
    expect(contrast(pressed, unpressed)).toBeGreaterThan(3);
    await shot(page, 'product-chart-dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('answers every tap: a confirmation with Undo, and the number on the basket', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const [bread] = await searchApi(page, shopper, 'bread');
    if (!bread) throw new Error('no bread');
    await searchInApp(page, bread.name);
    // Enter lets the keyboard go: the search box no longer has focus.
    await page.locator(`[data-product-row="${bread.id}"]`).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.not.toBe(
      'search',
    );

    await page
      .getByRole('button', { name: `Add ${bread.name} to shopping list` })
      .first()
      .click();
    const toast = page.locator('[data-action-toast]');
    await toast.getByText(`Added ${bread.name} to the shopping list`).waitFor();
    await page.locator('[data-cart-count]').getByText('1', { exact: true }).waitFor();
    // The basket button floats beside the bottom pill, never over its last tab.
    const pill = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    const basket = await page.locator('[data-cart-button]').boundingBox();
    if (!pill || !basket) throw new Error('no pill or basket');
    expect(pill.x + pill.width).toBeLessThanOrEqual(basket.x);
    await shotBoth(page, 'added-toast');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await cartApi(page, shopper)).length).toBe(0);
    await page.locator('[data-cart-count]').waitFor({ state: 'detached' });

    // A tick says so, and Undo brings the item back.
    await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: bread.id, quantity: 2 });
    await goInApp(page, '/w/cart');
    await page.getByRole('button', { name: `Tick off ${bread.name}` }).click();
    await toast.getByText(`Ticked off ${bread.name}`).waitFor();
    await shotBoth(page, 'ticked-toast');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await cartApi(page, shopper)).map((i) => i.quantity)).toEqual([2]);
  });

  it("answers a list's 'Add to shopping list' with Undo, and Grant access's Save", async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const [eggs] = await searchApi(page, shopper, 'eggs');
    if (!eggs) throw new Error('no eggs');
    await callApi(page, 'POST', `/api/${shopper.shortCode}/lists`, { name: 'Weekly', productId: eggs.id });
    await goInApp(page, '/w/lists');
    await page.getByRole('button', { name: 'Weekly', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Weekly' });
    await drawer.getByRole('button', { name: 'List menu' }).click();
    await page.getByRole('menuitem', { name: 'Add to shopping list' }).click();
    const toast = page.locator('[data-action-toast]');
    await toast.getByText('Added the list to the shopping list').waitFor();
    await expect.poll(async () => (await cartApi(page, shopper)).length).toBe(1);
    await shotBoth(page, 'list-added-toast');
    // Undo takes the list's items back off: the shopping list is as it was, empty.
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await cartApi(page, shopper)).length).toBe(0);

    await drawer.getByRole('button', { name: 'Close drawer' }).click();
    await goInApp(page, '/w/home');
    await page.getByRole('button', { name: /^Menu for/ }).click();
    await page.getByRole('button', { name: 'Grant access' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant access' });
    await grant.getByLabel('Email').fill('sam.eye@example.co.nz');
    await grant.getByRole('button', { name: 'Save' }).click();
    await grant.waitFor({ state: 'detached' });
    await toast.getByText('Access granted to sam.eye@example.co.nz').waitFor();
    await shotBoth(page, 'access-granted-toast');
  });

  it('creates a list on the Lists screen and shows how many items each list holds', async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const [eggs] = await searchApi(page, shopper, 'eggs');
    if (!eggs) throw new Error('no eggs');
    await goInApp(page, '/w/lists');
    await page.getByText('No lists').waitFor();
    // The empty screen offers the way forward.
    await page.getByRole('button', { name: 'New list' }).click();
    const create = page.getByRole('dialog', { name: 'Create list' });
    await create.getByLabel('List name').fill('Camping');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.waitFor({ state: 'detached' });
    const camping = page.locator('[data-list-row="Camping"]');
    await camping.getByText('Empty').waitFor();
    const saved = await callApi<{ name: string; itemCount: number }[]>(
      page,
      'GET',
      `/api/${shopper.shortCode}/lists`,
    );
    expect(saved).toEqual([{ id: expect.any(Number), name: 'Camping', itemCount: 0 }]);

    // An item added from search counts at once on the Lists screen.
    await searchInApp(page, eggs.name);
    await page.locator(`[data-product-row="${eggs.id}"]`).waitFor();
    await swipe(page, `[data-product-row="${eggs.id}"]`, 0.6, 'right');
    const choose = page.getByRole('dialog', { name: 'Add to list' });
    await choose.getByRole('button', { name: 'Camping', exact: true }).click();
    await choose.waitFor({ state: 'detached' });
    await goInApp(page, '/w/lists');
    await camping.getByText('1 item', { exact: true }).waitFor();
    // A second list from the header's button; both kept after a reload.
    await page.getByRole('button', { name: 'New list' }).click();
    await create.getByLabel('List name').fill('Barbecue');
    await create.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-list-row="Barbecue"]').getByText('Empty').waitFor();
    await page.reload();
    await camping.getByText('1 item', { exact: true }).waitFor();
    expect(
      await page.locator('[data-list-row]').evaluateAll((rows) => rows.map((r) => r.dataset.listRow)),
    ).toEqual(['Barbecue', 'Camping']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotBoth(page, 'lists-with-counts');
  });

  it('reads the shopping list at a glance: one-line names, a stepper in the row, the total pinned', async () => {
    const { page, context } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    const products: Product[] = [];
    const words = ['milk', 'butter', 'bread', 'rice', 'coffee', 'cheese', 'juice', 'biscuits', 'eggs', 'tea'];
    for (const text of words) {
      // The dearest product sold by count: the list the plan test knows saves by splitting.
      const found = (await searchApi(page, shopper, text))
        .filter((p) => p.saleType === 0 && p.bestPrice !== null && !products.some((q) => q.id === p.id))
        .sort((a, b) => (b.bestPrice ?? 0) - (a.bestPrice ?? 0));
      if (!found[0]) continue;
      products.push(found[0]);
      await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: found[0].id, quantity: 1 });
    }
    await goInApp(page, '/w/cart');
    await page.getByRole('tab', { name: 'All' }).click();
    await page
      .locator('[data-cart-row]')
      .nth(products.length - 1)
      .waitFor();

    // Each name on one line: a long one ends in an ellipsis rather than push the row taller.
    const names = await page.locator('[data-open-item]').evaluateAll((els) =>
      els.map((el) => ({
        height: el.getBoundingClientRect().height,
        line: Number.parseFloat(getComputedStyle(el).lineHeight),
      })),
    );
    for (const name of names) expect(name.height).toBeLessThan(name.line * 1.5);

    // The list runs past the screen, yet the total is on it, above the bottom pill.
    const lastRow = await page.locator('[data-cart-row]').last().boundingBox();
    const total = page.locator('[data-cart-total="Total"]');
    const pinned = await total.boundingBox();
    const pill = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    if (!lastRow || !pinned || !pill) throw new Error('no rows, total or pill');
    expect(lastRow.y + lastRow.height).toBeGreaterThan(844);
    expect(pinned.y + pinned.height).toBeLessThanOrEqual(pill.y);
    await shotBoth(page, 'cart-at-a-glance');

    // The stepper in the row: quick taps end on the server as the last one on screen.
    const milk = products[0] as Product;
    const row = page.locator(`[data-cart-row="${milk.id}"]`);
    const totalBefore = await total.textContent();
    await row.getByRole('button', { name: `More ${milk.name}` }).click();
    await row.getByRole('button', { name: `More ${milk.name}` }).click();
    await row.locator('output').getByText('3', { exact: true }).waitFor();
    await expect.poll(() => total.textContent()).not.toBe(totalBefore);
    await row.getByRole('button', { name: `Fewer ${milk.name}` }).click();
    await row.locator('output').getByText('2', { exact: true }).waitFor();
    const quantityOnServer = async () =>
      (await cartApi(page, shopper)).find((item) => item.product.id === milk.id)?.quantity;
    await expect.poll(quantityOnServer).toBe(2);

    // Offline the stepper's change is kept and reaches the server on reconnecting.
    await context.setOffline(true);
    await row.getByRole('button', { name: `More ${milk.name}` }).click();
    await row.locator('output').getByText('3', { exact: true }).waitFor();
    await context.setOffline(false);
    await expect.poll(quantityOnServer, { timeout: 15_000 }).toBe(3);

    // The plan's saving is pinned with its total.
    await page.getByRole('tab', { name: 'By store' }).click();
    await page.getByRole('radio', { name: 'At most 2 stores' }).check({ force: true });
    const plan = await callApi<Plan>(page, 'POST', `/api/${shopper.shortCode}/cart/plan`, { maxStores: 2 });
    if (plan.stores.length !== 2 || plan.saving <= 0) throw new Error('the list should save at two stores');
    await total.getByText(`Saves ${formatMoney(plan.saving)}`).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const planTotal = await total.boundingBox();
    if (!planTotal) throw new Error('no plan total');
    expect(planTotal.y + planTotal.height).toBeLessThanOrEqual(pill.y);
    await shotBoth(page, 'cart-plan-pinned');
  });

  it("starts a weighed item at 1 kg, not the scale's step, and imports '3 x' as 3 each or 1 kg", async () => {
    const { page } = suite.app;
    const shopper = await signInWithStores(page, suite.server);
    let weighed: Product | undefined;
    let counted: Product | undefined;
    for (const text of ['bananas', 'carrots', 'onions', 'yoghurt', 'eggs']) {
      for (const p of await searchApi(page, shopper, text)) {
        // Loose produce: its minimum is the scale's step (0.1 kg), which nobody buys.
        if (!weighed && p.saleType === 1 && p.minimumQuantity <= p.minimumIncrement) weighed = p;
        if (!counted && p.saleType === 0 && p.minimumIncrement === 1 && p.bestPrice !== null) counted = p;
      }
    }
    if (!weighed || !counted)
      throw new Error(
        `the demo catalogue should hold loose and counted produce: ${weighed?.name} ${counted?.name}`,
      );

    await searchInApp(page, weighed.name);
    await page
      .getByRole('button', { name: `Add ${weighed.name} to shopping list` })
      .first()
      .click();
    const quantityOf = async (id: number) =>
      (await cartApi(page, shopper)).find((item) => item.product.id === id)?.quantity;
    await expect.poll(() => quantityOf(weighed.id)).toBe(1);
    await callApi(page, 'DELETE', `/api/${shopper.shortCode}/cart/${weighed.id}`);

    // Imported lines: '3 x' of a thing sold by count is 3 of them, of a weighed one not 3 kg.
    await goInApp(page, '/w/cart');
    await page.getByRole('button', { name: 'Import a list' }).click();
    const overlay = page.getByRole('dialog', { name: 'Import a list' });
    await overlay.getByLabel('Paste your list').fill(`3 x ${counted.name}\n3 x ${weighed.name}`);
    await overlay.getByRole('button', { name: 'Find matches for 2 items' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the matches' });
    for (const product of [counted, weighed]) {
      const label = [product.brand, product.name].filter(Boolean).join(' ');
      await confirm.locator('label').filter({ hasText: label }).locator('input').first().check();
    }
    await confirm.getByRole('button', { name: 'Add 2 items to shopping list' }).click();
    await page.getByText('Added 2 items to the shopping list.').waitFor();
    await expect.poll(() => quantityOf(counted.id)).toBe(3);
    expect(await quantityOf(weighed.id)).toBe(1);
    await shotBoth(page, 'cart-imported-quantities');
  });

  it("names each product on Home's specials tiles, and search reads as written", async () => {
    const { page } = suite.app;
    await signInWithStores(page, suite.server);
    const tiles = page.locator('[data-special-tile]');
    await tiles.first().waitFor();
    const texts = await tiles.allInnerTexts();
    for (const text of texts) expect(text).toMatch(/[A-Za-z]{3,}.*\$\d/s);
    await shotBoth(page, 'home-specials');

    await goInApp(page, '/w/search');
    const heading = page.getByRole('heading', { name: 'Try searching for' });
    await heading.waitFor();
    await expect(heading.evaluate((h) => getComputedStyle(h).textTransform)).resolves.toBe('none');
    await shotBoth(page, 'search-suggestions');
  });

  it('at 1280x800 keeps the basket off the product panel and centres sheets', async () => {
    const { page } = suite.app;
    await page.setViewportSize({ width: 1280, height: 800 });
    const shopper = await signInWithStores(page, suite.server);
    const [milk] = await searchApi(page, shopper, 'milk');
    if (!milk) throw new Error('no milk');
    await searchInApp(page, milk.name);
    await page.locator(`[data-product-row="${milk.id}"] button`).first().click();
    const panel = page.locator('.side-panel');
    await panel.waitFor();
    await page.locator('[data-price-chart]').waitFor();
    await page.waitForTimeout(400);
    const p = await panel.boundingBox();
    const b = await page.locator('[data-cart-button]').boundingBox();
    const results = await page.locator('[data-product-row]').first().locator('xpath=..').boundingBox();
    if (!p || !b || !results) throw new Error('no panel, basket or results');
    expect(b.x + b.width).toBeLessThanOrEqual(p.x);
    // The results' column moves left of the panel rather than lie under it.
    expect(results.x + results.width).toBeLessThanOrEqual(p.x);
    await shotBoth(page, 'desktop-product-panel');
    await page.keyboard.press('Escape');

    await goInApp(page, '/w/cart');
    await page.getByRole('button', { name: 'Import a list' }).click();
    const overlay = page.getByRole('dialog', { name: 'Import a list' });
    await overlay.waitFor();
    const o = await overlay.boundingBox();
    if (!o) throw new Error('no sheet');
    expect(o.width).toBeLessThanOrEqual(720);
    expect(Math.abs(o.x + o.width / 2 - 640)).toBeLessThanOrEqual(2);
    await shotBoth(page, 'desktop-import-sheet');
  });
});

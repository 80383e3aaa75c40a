// A shopper's eye (issue 37): the numbers right, dark mode finished, every tap answered, each
// product named, search finished, and nothing floating over content at desktop width. Each test
// fails without its fix where a shopper would notice; screenshots go to /tmp/kete-shots/eye/.
// The shopping list and the Lists screen have their own file, shoppers-eye-lists.test.ts.
import { addButtonLabel, formatMoney } from '@kete/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import {
  callApi,
  cartApi,
  searchApi,
  searchInApp,
  shot,
  shotBothThemes,
  signInWithStores,
} from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

/** The theme the device asks for, once the app has followed it (colours change with a transition). */
async function setTheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  await page.waitForTimeout(300);
}

const shotBoth = (page: Page, name: string) => shotBothThemes(page, `eye/${name}`);

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
    await shot(page, 'eye/cart-tabs-dark');

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
    await shot(page, 'eye/product-chart-dark');
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
      .getByRole('button', { name: addButtonLabel(bread) })
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

// Lists in and out (issue 13): the shopping list shared as text (the share sheet where the
// browser has one, else the clipboard), exported as CSV and Kete JSON, and imported back from
// that JSON or from pasted lines, each line confirmed against search before anything is added.
import { readFileSync } from 'node:fs';
import { itemLabel, type Product } from '@kete/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { callApi, cartApi, type Shopper, searchApi, shot, signInWithStores } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

async function firstUnitProduct(page: Page, shopper: Shopper, text: string): Promise<Product> {
  const product = (await searchApi(page, shopper, text)).find(
    (p) => p.saleType === 0 && p.bestPrice !== null,
  );
  if (!product) throw new Error(`no ${text}`);
  return product;
}

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return path;
}

describe('lists in and out', () => {
  it('copies the list as text, exports CSV and JSON, and imports the JSON and pasted lines only once confirmed', async () => {
    const { page, context } = suite.app;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const shopper = await signInWithStores(page, suite.server);
    const butter = await firstUnitProduct(page, shopper, 'butter');
    const rice = await firstUnitProduct(page, shopper, 'rice');
    await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: butter.id, quantity: 2 });
    await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: rice.id, quantity: 1 });

    await goInApp(page, '/w/cart');
    await page.locator(`[data-cart-row="${rice.id}"]`).waitFor();
    await page.getByRole('button', { name: 'Share or export the shopping list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share or export' });
    // Headless Chromium on Linux has no share sheet, so the text goes to the clipboard.
    await dialog.getByRole('button', { name: 'Copy as text' }).click();
    await dialog.getByText('Copied to the clipboard.').waitFor();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text.split('\n')[0]).toBe('My Kete shopping list:');
    expect(text).toContain(`2 x ${itemLabel(butter)} (`);
    expect(text).toContain(`1 x ${itemLabel(rice)} (`);
    expect(text).toMatch(/\nTotal: \$\d+\.\d\d$/);
    await shot(page, 'list-share');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const csv = readFileSync(await download(page, 'Export CSV'), 'utf8').split('\r\n');
    expect(csv[0]).toBe('Quantity,Unit,Product,Brand,Size,Price,Store,Product id');
    expect(csv.filter((line) => line.endsWith(`,${butter.id}`))[0]).toMatch(/^2,each,/);
    const jsonPath = await download(page, 'Export JSON');
    const exported = JSON.parse(readFileSync(jsonPath, 'utf8'));
    expect(exported.format).toBe('kete-list');
    expect(
      exported.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity]).sort(),
    ).toEqual(
      [
        [butter.id, 2],
        [rice.id, 1],
      ].sort(),
    );
    await page.keyboard.press('Escape');

    // Empty the list, then load the export: matched to the same products, added only on confirm.
    for (const id of [butter.id, rice.id])
      await callApi(page, 'DELETE', `/api/${shopper.shortCode}/cart/${id}`);
    await page.reload();
    await page.getByText('Your shopping list is empty').waitFor();
    await page.getByRole('button', { name: 'Import a list' }).click();
    const overlay = page.getByRole('dialog', { name: 'Import a list' });
    await overlay.getByLabel('Load a Kete export (.json)').setInputFiles(jsonPath);
    const confirm = page.getByRole('dialog', { name: 'Confirm the matches' });
    const add = confirm.getByRole('button', { name: 'Add 2 items to shopping list' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    expect(await confirm.locator('input[type=radio]:checked').count()).toBe(2);
    expect(await cartApi(page, shopper)).toEqual([]);
    await shot(page, 'list-import-confirm');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await add.click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Added 2 items to the shopping list.').waitFor();
    const afterJson = await cartApi(page, shopper);
    expect(afterJson.map((i) => [i.product.id, i.quantity]).sort()).toEqual(
      [
        [butter.id, 2],
        [rice.id, 1],
      ].sort(),
    );

    // Pasted lines: each line searched; 'Skip' leaves one out; one no product matches goes on the
    // list as written (issue 49).
    await page.getByRole('button', { name: 'Import a list' }).click();
    await overlay.getByLabel('Paste your list').fill('3 x rice\nqqqzzz nothing\n- bread');
    await overlay.getByRole('button', { name: 'Find matches for 3 items' }).click();
    await confirm.getByText('No match found; it will be added as written.').waitFor();
    const breadGroup = confirm.getByRole('group', { name: /^bread/ });
    await breadGroup.getByRole('radio', { name: 'Skip' }).check();
    const riceGroup = confirm.getByRole('group', { name: /^rice/ });
    await riceGroup.locator('input[type=radio]').first().check();
    await confirm.getByRole('button', { name: 'Add 2 items to shopping list' }).click();
    await page.getByText('Added 2 items to the shopping list.').waitFor();
    // The same words as the JSON import's toast, which may still be on screen: wait for the list itself.
    await expect
      .poll(() => callApi(page, 'GET', `/api/${shopper.shortCode}/cart/text-items`))
      .toMatchObject([{ text: 'qqqzzz nothing', quantity: 1 }]);
    await expect
      .poll(async () => (await cartApi(page, shopper)).reduce((sum, item) => sum + item.quantity, 0))
      .toBe(2 + 1 + 3);
    const cart = await cartApi(page, shopper);
    expect(cart.some((item) => /bread/i.test(item.product.name))).toBe(false);
  });

  it('shares a named list through the share sheet where the browser has one', async () => {
    const { page } = suite.app;
    // A stand-in for the device's share sheet: records what the page asked to share.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
      });
    });
    const shopper = await signInWithStores(page, suite.server);
    const butter = await firstUnitProduct(page, shopper, 'butter');
    await callApi(page, 'POST', `/api/${shopper.shortCode}/lists`, { name: 'Baking', productId: butter.id });
    await page.reload();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await goInApp(page, '/w/lists');
    await page.getByRole('button', { name: 'Baking' }).click();
    await page.getByRole('button', { name: 'Share or export this list' }).click();
    await page
      .getByRole('dialog', { name: 'Share or export' })
      .getByRole('button', { name: 'Share as text' })
      .click();
    const shared = await page.waitForFunction(() => (window as unknown as { shared?: ShareData }).shared);
    const data = (await shared.jsonValue()) as ShareData;
    expect(data.title).toBe('Baking');
    expect(data.text).toContain(`1 x ${itemLabel(butter)}`);
  });
});

// A shopper's eye (issue 37) on the shopping list and the Lists screen: a list made there with
// its item counts, the list read at a glance (one-line names, the stepper, the pinned total and
// saving), and the quantities a weighed item and an import start at. Each test fails without its
// fix where a shopper would notice; screenshots go to /tmp/kete-shots/eye/.
import { addButtonLabel, DEFAULT_MIN_SAVING, formatMoney, type Plan, type Product } from '@kete/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import {
  callApi,
  cartApi,
  searchApi,
  searchInApp,
  shotBothThemes,
  signInWithStores,
  swipe,
} from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });
const shotBoth = (page: Page, name: string) => shotBothThemes(page, `eye/${name}`);

describe("a shopper's eye on the shopping list and the Lists screen", () => {
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
    // As the app asks: with the household's threshold for an extra store (issue 49).
    const plan = await callApi<Plan>(page, 'POST', `/api/${shopper.shortCode}/cart/plan`, {
      maxStores: 2,
      minSaving: DEFAULT_MIN_SAVING,
    });
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
      .getByRole('button', { name: addButtonLabel(weighed) })
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
});

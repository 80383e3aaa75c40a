// Dark mode on every screen (following the device, or the avatar menu's choice) with no serious
// accessibility violations, and the Owner renaming the shared list, which the other phone sees live.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { openHousehold } from './support/household.js';
import { callApi, searchApi, shot, signInWithStores } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

const isDarkNow = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

async function checkScreen(page: Page, path: string, ready: string, name: string) {
  await goInApp(page, path);
  await page.getByRole('heading', { name: ready }).first().waitFor();
  await shot(page, name);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe('dark mode', () => {
  it('follows the device on every screen, and the avatar menu can override it', async () => {
    const { page } = suite.app;
    await page.emulateMedia({ colorScheme: 'dark' });
    const shopper = await signInWithStores(page, suite.server);
    expect(await isDarkNow(page)).toBe(true);
    const [milk] = await searchApi(page, shopper, 'milk');
    if (!milk) throw new Error('no milk');
    await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, {
      productId: milk.id,
      quantity: milk.minimumQuantity,
    });
    await callApi(page, 'POST', `/api/${shopper.shortCode}/lists`, { name: 'Weekly', productId: milk.id });

    await checkScreen(page, '/w/home', 'Home', 'dark-home');
    await checkScreen(page, '/w/cart', 'Shopping list', 'dark-cart');
    await checkScreen(page, '/w/lists', 'Lists', 'dark-lists');
    await checkScreen(page, '/w/statistics', 'Statistics', 'dark-statistics');
    await goInApp(page, '/w/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill('milk');
    await page.keyboard.press('Enter');
    await page.locator(`[data-product-row="${milk.id}"]`).waitFor();
    await shot(page, 'dark-search');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The avatar menu: Light wins over the device, and is remembered across a reload.
    await goInApp(page, '/w/home');
    await page.getByRole('button', { name: /^Menu for/ }).click();
    await shot(page, 'dark-avatar-menu');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator('label', { hasText: 'Light' }).click();
    expect(await isDarkNow(page)).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect(await isDarkNow(page)).toBe(false);
    await page.getByRole('button', { name: /^Menu for/ }).click();
    await page.locator('label', { hasText: 'System' }).click();
    expect(await isDarkNow(page)).toBe(true);
  });
});

describe('renaming the shared list', () => {
  it('the Owner renames it from the avatar menu and the other phone sees the new name', async () => {
    const h = await openHousehold(suite.browser, suite.server);
    try {
      const switcher = h.friend.page.getByRole('navigation', { name: 'Shared lists' });
      await switcher.waitFor();
      const { page } = h.owner;
      await page.getByRole('button', { name: /^Menu for/ }).click();
      await page.getByRole('button', { name: 'Rename shared list' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename shared list' });
      await dialog.getByLabel('Shared list name').fill('The Whare');
      await shot(page, 'rename-shared-list');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await switcher.getByRole('link', { name: 'The Whare' }).waitFor();
    } finally {
      await h.close();
    }
  });
});

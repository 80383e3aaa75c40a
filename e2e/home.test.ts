// Home: greeting and avatar menu, the demo-prices note, the search field, a specials card per
// chosen store (greyed when it has none) and the Favourites strip with its promotion badge.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { callApi } from './support/shopper.js';
import { saveShot } from './support/shots.js';
import { pathOf, signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });
const shot = (name: string) => saveShot(suite.app.page, name, 0);

interface Start {
  workspace: { shortCode: string };
  stores: { all: { id: number; name: string }[] };
}

/** Signs in and chooses stores through the API (no modal), then loads home afresh. */
async function shopperWithStores(names: string[]): Promise<{ page: Page; shortCode: string }> {
  const { page } = suite.app;
  await signIn(page, suite.server, `aroha.ngata-${Date.now()}@example.co.nz`);
  const start = await callApi<Start>(page, 'POST', '/api/init/start', {});
  const shortCode = start.workspace.shortCode;
  for (const name of names) {
    const store = start.stores.all.find((s) => s.name === name);
    if (!store) throw new Error(`no store ${name}`);
    await callApi(page, 'POST', `/api/${shortCode}/stores/${store.id}`);
  }
  return { page, shortCode };
}

it('greets the shopper, says the prices are demo ones, and shows a specials card per chosen store', async () => {
  const { page } = await shopperWithStores(['New World Metro Willis St', "PAK'nSAVE Kilbirnie"]);
  await page.goto('/w/home');
  await page.getByText('Kia ora, Aroha').waitFor();
  await page.getByText('Demo prices — not real').waitFor();
  const card = page.getByRole('button', { name: /^New World Metro Willis St \d+ specials?$/ });
  await card.waitFor();
  await page.getByRole('button', { name: /^PAK'nSAVE Kilbirnie \d+ specials?$/ }).waitFor();
  // Up to four products on a card, each with its picture.
  const pictures = await card.locator('[data-product-image]').count();
  expect(pictures).toBeGreaterThan(0);
  expect(pictures).toBeLessThanOrEqual(4);
  await expect(page.getByText('Favourites', { exact: true }).count()).resolves.toBe(0);
  await shot('home');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Search products' }).click();
  await page.waitForURL('**/w/search');
});

it('has an avatar menu with the initials, Statistics, Grant access, Change stores and Sign out', async () => {
  const { page } = await shopperWithStores(['New World Metro Willis St']);
  await page.goto('/w/home');
  const avatar = page.getByRole('button', { name: 'Menu for Aroha Ngata' });
  await expect(avatar.locator('[aria-hidden="true"]').textContent()).resolves.toBe('AN');
  await avatar.click();
  const menu = page.getByRole('dialog');
  // The sheet's code loads on its first opening (or in the background once home shows).
  await menu.getByRole('button', { name: 'Sign out' }).waitFor();
  // The spec's entries, in its order, below the shopper's settings (alerts, appearance, rename).
  const entries = await menu.getByRole('list').last().getByRole('button').allTextContents();
  expect(entries).toEqual(['Statistics', 'Grant access', 'Change stores', 'Sign out']);
  await menu.getByRole('button', { name: 'Rename shared list' }).waitFor();
  await shot('home-avatar-menu');
  // Closed with Escape, the menu hands the focus back to the avatar button (a keyboard user
  // carries on from where they were).
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await expect(avatar.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
  await avatar.click();
  await menu.getByRole('button', { name: 'Statistics' }).click();
  await page.waitForURL('**/w/statistics');

  await page.goBack();
  await page.getByRole('button', { name: 'Menu for Aroha Ngata' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
  expect(pathOf(page)).toBe('/login');
});

it('shows favourites in a strip with the promotion badge; heading and tiles open their drawers', async () => {
  const { page, shortCode } = await shopperWithStores(['New World Metro Willis St']);
  const start = await callApi<{
    specials: { store: { id: number }; products: { id: number; name: string }[] }[];
  }>(page, 'POST', '/api/init/start', {});
  const special = start.specials[0]?.products[0];
  if (!special) throw new Error('the demo store has no specials');
  await callApi(page, 'POST', `/api/${shortCode}/favourites/${special.id}`);
  await page.goto('/w/home');

  await page.getByRole('heading', { name: 'Favourites' }).waitFor();
  await page.getByRole('button', { name: '1 item on promotion' }).waitFor();
  // Worded for screen readers as well as marked for the eye.
  const escaped = special.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const tile = page.getByRole('button', { name: new RegExp(`^${escaped}\\s*, on promotion$`) });
  await tile.waitFor();
  await shot('home-favourites');

  await tile.click();
  const drawer = page.getByRole('dialog', { name: special.name });
  await drawer.waitFor();
  await page.getByRole('button', { name: 'Close drawer' }).click();
  await drawer.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: '1 item on promotion' }).click();
  await page.getByRole('dialog', { name: 'Favourites' }).waitFor();
});

// The specials drawer (a store's whole list with savings, paged as you scroll) and the favourites
// drawer (promotion dots, and its empty state once the last heart is taken off).
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callApi } from './support/shopper.js';
import { saveShot } from './support/shots.js';
import { signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });
const shot = (name: string) => saveShot(suite.app.page, name, 0);

interface Start {
  workspace: { shortCode: string };
  stores: { all: { id: number; name: string }[] };
}

const STORE = 'New World Metro Willis St';

async function shopperWithStore(): Promise<{ page: Page; shortCode: string; storeId: number }> {
  const { page } = suite.app;
  await signIn(page, suite.server);
  const start = await callApi<Start>(page, 'POST', '/api/init/start', {});
  const store = start.stores.all.find((s) => s.name === STORE);
  if (!store) throw new Error(`no store ${STORE}`);
  await callApi(page, 'POST', `/api/${start.workspace.shortCode}/stores/${store.id}`);
  return { page, shortCode: start.workspace.shortCode, storeId: store.id };
}

it('opens a store’s whole specials list from its card, with savings, and pages on as it scrolls', async () => {
  const { page, shortCode, storeId } = await shopperWithStore();
  const { count } = await callApi<{ count: number }>(
    page,
    'GET',
    `/api/${shortCode}/stores/${storeId}/specials?page=1&pageSize=1`,
  );
  expect(count).toBeGreaterThan(30);
  await page.goto('/w/home');
  await page.getByRole('button', { name: new RegExp(`^${STORE} ${count} specials$`) }).click();

  const drawer = page.getByRole('dialog', { name: STORE });
  await drawer.getByText(`${count} specials, biggest saving first`).waitFor();
  const rows = drawer.getByRole('list', { name: 'Specials' }).getByRole('listitem');
  await rows.first().waitFor();
  await expect(rows.count()).resolves.toBe(30);
  await expect(
    rows
      .first()
      .getByText(/^Save \$\d+\.\d\d$/)
      .isVisible(),
  ).resolves.toBe(true);
  await shot('specials-drawer');

  await drawer.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-label="Specials"] > li').length > 30,
    undefined,
    { timeout: 10_000 },
  );
  expect(await rows.count()).toBeLessThanOrEqual(Math.min(60, count));
});

it('shows favourites with their promotion dot, and the empty state when the last heart comes off', async () => {
  const { page, shortCode, storeId } = await shopperWithStore();
  const specials = await callApi<{ products: { id: number; name: string }[] }>(
    page,
    'GET',
    `/api/${shortCode}/stores/${storeId}/specials?page=1&pageSize=1`,
  );
  const special = specials.products[0];
  if (!special) throw new Error('no special to favourite');
  await callApi(page, 'POST', `/api/${shortCode}/favourites/${special.id}`);
  await page.goto('/w/home');

  await page.getByRole('heading', { name: 'Favourites' }).getByRole('button').click();
  const drawer = page.getByRole('dialog', { name: 'Favourites' });
  const row = drawer.getByRole('listitem').filter({ hasText: special.name });
  await row.getByText('On promotion').waitFor();
  await shot('favourites-drawer');

  await row.getByRole('button', { name: `Favourite ${special.name}` }).click();
  await drawer.getByText('No saved favourites').waitFor();
  await drawer.getByText('Tap the heart on any item to save it').waitFor();
  await shot('favourites-drawer-empty');
  // And the strip on home goes with it.
  await page.getByRole('button', { name: 'Close drawer' }).click();
  await drawer.waitFor({ state: 'detached' });
  await expect(page.getByRole('heading', { name: 'Favourites' }).count()).resolves.toBe(0);
});

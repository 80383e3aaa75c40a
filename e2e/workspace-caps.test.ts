// Workspace caps in the web app (issue 10): at the store cap the selection says so and a 21st store
// cannot be ticked (one can be swapped for another); the server's refusal when the cap was reached
// on another phone is shown, not swallowed; a full list, the lists cap, a full shopping list, the
// sharing cap and the favourites cap say so where the shopper meets them. Cap-sized data goes
// straight into the test's database.
import { join } from 'node:path';
import { addButtonLabel, limitMessages, type Product, type Store } from '@kete/shared';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { callApi, reloadAt, searchApi, shot, signInWithStores, swipe } from './support/shopper.js';
import { goInApp, signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });
const TARGET = 'New World Albany';

/** Screenshots of what is on screen, light and dark, for a person to look at. */
async function shots(page: Page, name: string) {
  await shot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** How soon a running server sees a change another program made (db/table-cache.ts, KEPT_MS). */
const OTHER_PROGRAMS_SEEN_WITHIN_MS = 5_500;

/** Runs `write` on the running server's SQLite database (it waits out the server's own writes). */
function inDatabase(write: (db: Database.Database) => void) {
  const db = new Database(join(suite.server.dataDir, 'kete.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    db.transaction(() => write(db))();
  } finally {
    db.close();
  }
}

/** A new shopper whose workspace has `count` stores (never TARGET), chosen through the API. */
async function shopperWithStores(page: Page, count: number) {
  await signIn(page, suite.server);
  const start = await callApi<{ workspace: { shortCode: string }; stores: { all: Store[] } }>(
    page,
    'POST',
    '/api/init/start',
  );
  const shortCode = start.workspace.shortCode;
  const others = start.stores.all.filter((store) => !store.name.startsWith(TARGET));
  for (const store of others.slice(0, count))
    await callApi(page, 'POST', `/api/${shortCode}/stores/${store.id}`);
  const target = start.stores.all.find((store) => store.name === TARGET);
  const spare = others[count];
  if (!target || !spare) throw new Error('not enough stores');
  return { shortCode, chosen: others.slice(0, count), spare, target };
}

async function workspaceStoreIds(page: Page, shortCode: string): Promise<number[]> {
  const data = await callApi<{ stores: { workspace: Store[] } }>(
    page,
    'POST',
    `/api/init/switch/${shortCode}`,
  );
  return data.stores.workspace.map((store) => store.id).sort((a, b) => a - b);
}

async function openStoreSelection(page: Page): Promise<Locator> {
  await page.goto('/w/home');
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await page.getByRole('button', { name: /^Menu for/ }).click();
  await page.getByRole('button', { name: 'Change stores' }).click();
  const select = page.getByRole('dialog', { name: 'Select stores' });
  await select.getByRole('button', { name: 'Done' }).waitFor();
  return select;
}

it('at the store cap says so, keeps a 21st store from being ticked, and swaps one for another', async () => {
  const { page } = suite.app;
  const { shortCode, chosen, target } = await shopperWithStores(page, 20);
  const select = await openStoreSelection(page);

  await select.getByText('20 of 20 stores').waitFor();
  await select.getByText(limitMessages.stores).waitFor();
  await select.getByText('20 stores selected').waitFor();
  await select.getByRole('searchbox', { name: 'Search stores' }).fill('Albany');
  const box = select.getByRole('checkbox', { name: TARGET });
  await expect(box.isDisabled()).resolves.toBe(true);
  // A tap on the row does nothing: the store stays unticked and the count stays 20.
  await box.click({ force: true });
  await expect(box.isChecked()).resolves.toBe(false);
  await select.getByText('20 stores selected').waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shots(page, 'caps-stores-at-cap');

  // Untick one: the count says 19, the message goes, and the 21st can be ticked instead.
  await select.getByRole('button', { name: 'Clear search' }).click();
  const first = chosen[0];
  if (!first) throw new Error('no store chosen');
  await select.getByRole('checkbox', { name: first.name }).first().uncheck();
  await select.getByText('19 of 20 stores').waitFor();
  await expect(select.getByText(limitMessages.stores).count()).resolves.toBe(0);
  await shots(page, 'caps-stores-near-cap');
  await select.getByRole('searchbox', { name: 'Search stores' }).fill('Albany');
  await box.check();
  await select.getByText('20 of 20 stores').waitFor();
  await select.getByRole('button', { name: 'Done' }).click();
  await select.waitFor({ state: 'detached' });

  const expected = [...chosen.slice(1).map((store) => store.id), target.id].sort((a, b) => a - b);
  await expect(workspaceStoreIds(page, shortCode)).resolves.toEqual(expected);
});

it('shows the server’s refusal when the last store slot was taken on another phone meanwhile', async () => {
  const { page } = suite.app;
  const { shortCode, chosen, spare, target } = await shopperWithStores(page, 19);
  const select = await openStoreSelection(page);
  await select.getByText('19 of 20 stores').waitFor();

  // Another phone of the household takes the last slot while this one has the modal open.
  await callApi(page, 'POST', `/api/${shortCode}/stores/${spare.id}`);
  await select.getByRole('searchbox', { name: 'Search stores' }).fill('Albany');
  await select.getByRole('checkbox', { name: TARGET }).check();
  await select.getByRole('button', { name: 'Done' }).click();

  // The refusal shows (a danger alert, in place of the cap's warning) and the modal stays open.
  await select.locator('[data-kind="danger"]', { hasText: limitMessages.stores }).waitFor();
  await expect(select.getByText(limitMessages.stores).count()).resolves.toBe(1);
  await expect(select.isVisible()).resolves.toBe(true);
  await shots(page, 'caps-stores-refused');
  const expected = [...chosen, spare].map((store) => store.id).sort((a, b) => a - b);
  await expect(workspaceStoreIds(page, shortCode)).resolves.toEqual(expected);
  expect(expected).not.toContain(target.id);
});

it('says so when a list is full: adding to it shows the refusal, and its drawer counts', async () => {
  const { page } = suite.app;
  const shopper = await signInWithStores(page, suite.server);
  const [first, extra] = await searchApi(page, shopper, 'milk');
  if (!first || !extra) throw new Error('no milk');
  const list = await callApi<{ id: number }>(page, 'POST', `/api/${shopper.shortCode}/lists`, {
    name: 'Big shop',
    productId: first.id,
  });
  inDatabase((db) => {
    const ids = db
      .prepare('select id from products where id not in (?, ?) order by id limit 499')
      .pluck()
      .all(first.id, extra.id) as number[];
    const insert = db.prepare('insert into list_items (list_id, product_id, created_at) values (?, ?, ?)');
    for (const id of ids) insert.run(list.id, id, Date.now());
  });

  // Adding a 501st product: the server refuses (this phone has not loaded the list), and the
  // add-to-list dialog says why instead of going quiet.
  await reloadAt(page, '/w/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('milk');
  await page.keyboard.press('Enter');
  await page.locator(`[data-product-row="${extra.id}"]`).waitFor();
  await swipe(page, `[data-product-row="${extra.id}"]`, 0.6, 'right');
  const choose = page.getByRole('dialog', { name: 'Add to list' });
  await choose.getByRole('button', { name: 'Big shop', exact: true }).click();
  await choose.locator('[data-kind="danger"]', { hasText: limitMessages.listItems }).waitFor();
  await shots(page, 'caps-list-refused');
  await choose.getByRole('button', { name: 'Cancel' }).click();
  await choose.waitFor({ state: 'detached' });

  // The list's drawer counts its products and says it is full.
  await goInApp(page, '/w/lists');
  await page.getByRole('button', { name: 'Big shop', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Big shop' });
  await drawer.getByText('500 of 500 products').waitFor();
  await drawer.getByText(limitMessages.listItems).waitFor();
  await shots(page, 'caps-list-full');
  const products = await callApi<Product[]>(page, 'GET', `/api/${shopper.shortCode}/lists/${list.id}`);
  expect(products.map((product) => product.id)).not.toContain(extra.id);
});

it('at the lists cap turns off Create list and says why; a full shopping list refuses a new product', async () => {
  const { page } = suite.app;
  const shopper = await signInWithStores(page, suite.server);
  const [product] = await searchApi(page, shopper, 'bread');
  if (!product) throw new Error('no bread');
  inDatabase((db) => {
    const workspace = db
      .prepare('select id from workspaces where short_code = ?')
      .pluck()
      .get(shopper.shortCode);
    const list = db.prepare(
      'insert into lists (workspace_id, name, name_key, created_at) values (?, ?, ?, ?)',
    );
    for (let i = 1; i <= 100; i++) list.run(workspace, `List ${i}`, `list ${i}`, Date.now());
    const ids = db
      .prepare('select id from products where id != ? order by id limit 500')
      .pluck()
      .all(product.id) as number[];
    const line = db.prepare(
      'insert into cart_items (workspace_id, product_id, quantity_units, created_at, updated_at) values (?, ?, 10000, ?, ?)',
    );
    for (const id of ids) line.run(workspace, id, Date.now(), Date.now());
  });
  // Written behind the server's back, as another program would: a server process keeps a
  // workspace's lists for start-up and reads them again within 5 s (db/table-cache.ts, KEPT_MS).
  await page.waitForTimeout(OTHER_PROGRAMS_SEEN_WITHIN_MS);

  await reloadAt(page, '/w/lists');
  await page.getByText('100 of 100 lists').waitFor();
  await page.getByText(limitMessages.lists).waitFor();

  // A new product on a full shopping list: the server's refusal shows in the toast.
  await goInApp(page, '/w/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('bread');
  await page.keyboard.press('Enter');
  await page
    .getByRole('button', { name: addButtonLabel(product) })
    .first()
    .click();
  await page.getByTestId('live-toast').filter({ hasText: limitMessages.cartItems }).waitFor();

  // The add-to-list dialog: 'Create list' is off, with the reason under it.
  await swipe(page, `[data-product-row="${product.id}"]`, 0.6, 'right');
  const choose = page.getByRole('dialog', { name: 'Add to list' });
  await expect(choose.getByRole('button', { name: 'Create list' }).isDisabled()).resolves.toBe(true);
  await choose.getByText(limitMessages.lists).waitFor();
  await shots(page, 'caps-lists-full');
  await choose.getByRole('button', { name: 'Cancel' }).click();

  // The shopping list counts its products and says it is full.
  await goInApp(page, '/w/cart');
  const full = page.getByRole('alert').filter({ hasText: '500 of 500 products' });
  await full.getByText(limitMessages.cartItems).waitFor();
  await shots(page, 'caps-cart-full');
});

it('at the sharing and favourites caps: the grant field and Save are off, a new heart is answered', async () => {
  const { page } = suite.app;
  const shopper = await signInWithStores(page, suite.server);
  const [product] = await searchApi(page, shopper, 'bread');
  if (!product) throw new Error('no bread');
  let workspace = 0;
  inDatabase((db) => {
    const { id, owner } = db
      .prepare('select id, owner_user_id as owner from workspaces where short_code = ?')
      .get(shopper.shortCode) as { id: number; owner: number };
    workspace = id;
    const grant = db.prepare(
      'insert into access_grants (workspace_id, email, granted_by_user_id, created_at) values (?, ?, ?, ?)',
    );
    for (let i = 1; i <= 50; i++) grant.run(id, `friend${i}@example.co.nz`, owner, Date.now());
  });

  await page.getByRole('button', { name: /^Menu for/ }).click();
  await page.getByRole('button', { name: 'Grant access' }).click();
  const modal = page.getByRole('dialog', { name: 'Grant access' });
  await modal.getByText('50 of 50 addresses').waitFor();
  await modal.getByText(limitMessages.accessGrants).waitFor();
  await expect(modal.getByLabel('Email').isDisabled()).resolves.toBe(true);
  await expect(modal.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
  await shots(page, 'caps-access-full');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await modal.waitFor({ state: 'detached' });

  inDatabase((db) => {
    const ids = db
      .prepare('select id from products where id != ? order by id limit 500')
      .pluck()
      .all(product.id) as number[];
    const favourite = db.prepare(
      'insert into favourites (workspace_id, product_id, created_at) values (?, ?, ?)',
    );
    for (const productId of ids) favourite.run(workspace, productId, Date.now());
  });
  await reloadAt(page, '/w/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('bread');
  await page.keyboard.press('Enter');
  const heart = page
    .locator(`[data-product-row="${product.id}"]`)
    .getByRole('button', { name: `Favourite ${product.name}` });
  await heart.click();
  await page.getByTestId('live-toast').filter({ hasText: limitMessages.favourites }).waitFor();
  await expect(heart.getAttribute('aria-pressed')).resolves.toBe('false');

  // Home with 500 favourites: the strip shows a few and 'See all', and the page stays phone-wide.
  // The favourites were written behind the server's back: start-up sees them within KEPT_MS
  // (db/table-cache.ts). Without screenshots on CI this point came sooner than that, and home
  // still showed the favourites kept from before.
  await expect
    .poll(
      async () =>
        (await callApi<{ favourites: unknown[] }>(page, 'POST', '/api/init/start')).favourites.length,
      { timeout: OTHER_PROGRAMS_SEEN_WITHIN_MS + 5_000 },
    )
    .toBe(500);
  await reloadAt(page, '/w/home');
  const seeAll = page.getByRole('button', { name: 'See all 500' });
  await seeAll.waitFor();
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  await shots(page, 'caps-home-500-favourites');
  await seeAll.click();
  await page.getByText('500 of 500 favourites').waitFor();
});

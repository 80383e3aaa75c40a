// Issue 9: the rough edges a shopper meets, each where a shopper would notice it. A small feed is
// loaded into the server's own database by `kete ingest`: milk at New World Karori and Woolworths
// Kilbirnie, cheese on a club-card special at New World Karori, bread only at PAK'nSAVE Kilbirnie
// (a store the shoppers here never choose, so nothing on their list prices it).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApp } from './support/app-page.js';
import { ingestFeed } from './support/feed.js';
import { callApi, shot } from './support/shopper.js';
import { newShopperEmail, recordPaths, signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite();

const NW_KARORI = '7daec5c2-789a-4577-ba1f-39e730acdd27';
const WW_KILBIRNIE = '9474';
const PNS_KILBIRNIE = '21ecaaed-0749-4492-985e-4bb7ba43d59c';
const observedAt = new Date().toISOString();
const item = (chain: string, store: string, key: string, name: string, price: number, promotionType = 0) =>
  JSON.stringify({
    chain,
    store,
    productKey: key,
    name,
    brand: 'Rough',
    size: '1ea',
    price,
    promotionType,
    observedAt,
  });
/** The same barcode at both chains makes the milk one product with two prices. */
const MILK_BARCODE = '9401234000018';
const milk = (chain: string, store: string, key: string, price: number) =>
  JSON.stringify({ ...JSON.parse(item(chain, store, key, 'Roughedge Milk', price)), barcode: MILK_BARCODE });
const feed = [
  milk('newworld', NW_KARORI, 'milk-1', 450),
  milk('woolworths', WW_KILBIRNIE, 'milk-1w', 470),
  item('newworld', NW_KARORI, 'cheese-1', 'Roughedge Cheese', 900, 2),
  item('paknsave', PNS_KILBIRNIE, 'bread-1', 'Roughedge Bread', 300),
];

beforeAll(() => ingestFeed(suite.server, feed, 'rough-edges-feed.ndjson'));

interface Start {
  workspace: { shortCode: string };
  stores: { all: { id: number; name: string }[] };
}

/** Gives the signed-in shopper's own workspace these stores (through the API), then reloads home. */
async function chooseStores(page: Page, names: string[]): Promise<string> {
  const start = await callApi<Start>(page, 'POST', '/api/init/start', {});
  for (const name of names) {
    const store = start.stores.all.find((s) => s.name === name);
    if (!store) throw new Error(`no store ${name}`);
    await callApi(page, 'POST', `/api/${start.workspace.shortCode}/stores/${store.id}`);
  }
  await page.goto('/w/home');
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  return start.workspace.shortCode;
}

async function productId(page: Page, shortCode: string, name: string): Promise<number> {
  const found = await callApi<{ id: number; name: string }[]>(
    page,
    'POST',
    `/api/${shortCode}/products/search`,
    {
      text: name,
    },
  );
  const product = found.find((p) => p.name === name);
  if (!product) throw new Error(`no product ${name}`);
  return product.id;
}

/** Counts the requests the page sends that match method and path. */
function countRequests(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

const nav = (page: Page, tab: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: tab }).click();

const openMenu = (page: Page) => page.getByRole('button', { name: /^Menu for/ }).click();

describe('a Shared member in someone else’s workspace', () => {
  it('is never offered Grant access (no way to /e/403), and Statistics count the stores on screen', async () => {
    const owner = suite.app.page;
    await signIn(owner, suite.server);
    const ownerCode = await chooseStores(owner, ['New World Karori']);
    await callApi(owner, 'PUT', `/api/${ownerCode}`, { sharedName: 'Karori flat' });
    const friendEmail = newShopperEmail('friend');
    await callApi(owner, 'POST', `/api/${ownerCode}/access`, { email: friendEmail });

    const friend = await openApp(suite.browser, suite.server);
    try {
      const { page } = friend;
      const paths = recordPaths(page);
      await signIn(page, suite.server, friendEmail);
      // The grant is an invitation, accepted here through the API (its screens: e2e/members.test.ts).
      await callApi(page, 'POST', `/api/${ownerCode}/access/me`);
      await chooseStores(page, ['Woolworths Kilbirnie']);
      // In their own workspace they are its Owner: Grant access is theirs to use.
      await openMenu(page);
      await page.getByRole('button', { name: 'Grant access' }).waitFor();
      await page.keyboard.press('Escape');

      await page
        .getByRole('navigation', { name: 'Shared lists' })
        .getByRole('link', { name: 'Karori flat' })
        .click();
      await page.waitForURL(`**/a/switch/${ownerCode}`);
      await page.waitForURL('**/w/home');
      await expect(
        page.getByRole('link', { name: 'Karori flat' }).getAttribute('aria-current'),
      ).resolves.toBe('page');
      await openMenu(page);
      const menu = page.getByRole('dialog');
      await menu.getByRole('button', { name: 'Sign out' }).waitFor();
      await expect(menu.getByRole('button', { name: 'Grant access' }).count()).resolves.toBe(0);
      await expect(menu.getByRole('button', { name: 'Change stores' }).count()).resolves.toBe(0);
      await shot(page, 'rough-shared-member-menu');

      // Statistics now count the Karori flat's store, not the friend's own (which would show 0).
      await menu.getByRole('button', { name: 'Statistics' }).click();
      await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
      const count = (section: string) =>
        page
          .getByRole('region', { name: section })
          .getByRole('listitem')
          .filter({ hasText: 'New World Karori' });
      await count('Prices').getByText(/^2$/).waitFor();
      await count('Specials').getByText(/^1$/).waitFor();
      await expect(page.getByText('Woolworths Kilbirnie').count()).resolves.toBe(0);
      await shot(page, 'rough-statistics-after-switch');
      expect(paths).not.toContain('/e/403');
    } finally {
      await friend.context.close();
    }
  });
});

describe('action buttons', () => {
  it('send one request for a fast double tap: the row +, the heart, the cart tick', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    const shortCode = await chooseStores(page, ['New World Karori', 'Woolworths Kilbirnie']);
    const cartPosts = countRequests(page, 'POST', /\/cart$/);
    const favouritePosts = countRequests(page, 'POST', /\/favourites\/\d+$/);
    const cartDeletes = countRequests(page, 'DELETE', /\/cart\/\d+$/);

    await nav(page, 'Search');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('Roughedge Milk');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Add Roughedge Milk 1ea' }).dblclick();
    await page.getByRole('button', { name: 'Favourite Roughedge Milk' }).dblclick();
    await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'), undefined, {
      timeout: 5_000,
    });
    expect(cartPosts()).toBe(1);
    expect(favouritePosts()).toBe(1);
    const cart = await callApi<{ quantity: number }[]>(page, 'GET', `/api/${shortCode}/cart`);
    expect(cart.map((line) => line.quantity)).toEqual([1]);

    await page.goto('/w/cart');
    await page.getByRole('button', { name: 'Tick off Roughedge Milk' }).dblclick();
    await page
      .getByText('Your shopping list is empty')
      .or(page.getByText(/You've completed/))
      .waitFor();
    expect(cartDeletes()).toBe(1);
  });
});

describe('the shopping list', () => {
  it("keeps items no store prices in 'Not priced at your stores', tickable, adding nothing to the total", async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    const shortCode = await chooseStores(page, ['New World Karori', 'Woolworths Kilbirnie']);
    for (const name of ['Roughedge Milk', 'Roughedge Bread']) {
      const id = await productId(page, shortCode, name);
      await callApi(page, 'POST', `/api/${shortCode}/cart`, { productId: id, quantity: 1 });
    }
    await page.goto('/w/cart');
    await page.getByRole('tab', { name: 'By store' }).click();
    const unpriced = page.getByRole('region', { name: 'Not priced at your stores' });
    await unpriced.getByText('Roughedge Bread').waitFor();
    await expect(
      page.getByRole('region', { name: 'New World Karori' }).getByText('Roughedge Milk').count(),
    ).resolves.toBe(1);
    // The total is the milk alone ($4.50 at New World Karori).
    await expect(page.getByText('$4.50').count()).resolves.toBeGreaterThanOrEqual(2);
    await expect(page.getByText('$7.50').count()).resolves.toBe(0);
    await shot(page, 'rough-cart-unpriced');
    await unpriced.getByRole('button', { name: 'Tick off Roughedge Bread' }).click();
    await unpriced.waitFor({ state: 'detached' });
  });

  it("opens on the saved 'By store' tab at the first paint, never showing 'All' first", async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    const shortCode = await chooseStores(page, ['New World Karori']);
    const id = await productId(page, shortCode, 'Roughedge Milk');
    await callApi(page, 'POST', `/api/${shortCode}/cart`, { productId: id, quantity: 1 });
    await page.goto('/w/cart');
    await page.getByRole('tab', { name: 'By store' }).click();
    await page.getByRole('tab', { name: 'By store', selected: true }).waitFor();
    // Every tab ever shown as selected, from the next page load on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenTabs: string[] }).seenTabs = seen;
      new MutationObserver(() => {
        const selected = document.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
        if (selected && seen.at(-1) !== selected) seen.push(selected);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto('/w/cart');
    await page.getByRole('region', { name: 'New World Karori' }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seenTabs: string[] }).seenTabs);
    expect(seen).toEqual(['By store']);
  });
});

describe('search', () => {
  it('shows a failure in place and keeps the text; the box stops at 500 characters', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await chooseStores(page, ['New World Karori']);
    await nav(page, 'Search');
    const box = page.getByRole('searchbox', { name: 'Search' });

    await page.route('**/products/search', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Search is resting."}',
      }),
    );
    await box.fill('milk');
    await box.press('Enter');
    await page
      .getByRole('alert')
      .getByText("Search isn't working right now. Try again in a moment.")
      .waitFor();
    await expect(box.inputValue()).resolves.toBe('milk');
    expect(new URL(page.url()).pathname).toBe('/w/search');
    await shot(page, 'rough-search-failed');

    await page.unroute('**/products/search');
    await page.route('**/products/search', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByRole('alert')
      .getByText("Search couldn't reach Kete. Check your connection and try again.")
      .waitFor();
    await expect(box.inputValue()).resolves.toBe('milk');

    await page.unroute('**/products/search');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-product-row]').first().getByRole('button', { name: /^Add / }).waitFor();

    await box.fill('x'.repeat(600));
    await expect(box.inputValue()).resolves.toHaveLength(500);
  });

  it("titles 'Recent searches' as written, and signing out forgets them on this device", async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await chooseStores(page, ['New World Karori']);
    await nav(page, 'Search');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('Roughedge Cheese');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Add Roughedge Cheese 1ea' }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    const heading = page.getByRole('heading', { name: 'Recent searches' });
    await heading.waitFor();
    await expect(heading.evaluate((h) => getComputedStyle(h).textTransform)).resolves.toBe('none');
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (no upper-casing)
    await expect(heading.innerText()).resolves.toBe('Recent searches');
    await shot(page, 'rough-recent-searches');

    await nav(page, 'Home');
    await openMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await signIn(page, suite.server);
    await page.getByRole('dialog', { name: 'Where do you shop?' }).waitFor();
    await page.goto('/w/search');
    await page.getByRole('searchbox', { name: 'Search' }).waitFor();
    await page.waitForTimeout(300); // the recent searches load from IndexedDB
    await expect(page.getByRole('heading', { name: 'Recent searches' }).count()).resolves.toBe(0);
    await expect(page.getByText('Roughedge Cheese').count()).resolves.toBe(0);
  });
});

describe('a refresh that fails', () => {
  it('keeps the session: a 503 shows the 500 page, no connection the network page, and then it carries on', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    await chooseStores(page, ['New World Karori']);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}'));
    // An access token the server no longer accepts, so the next start-up must refresh.
    const expire = () =>
      page.evaluate(
        (s) => localStorage.setItem('auth', JSON.stringify({ ...s, access_token: 'expired' })),
        stored,
      );
    await expire();

    await page.route('**/api/identity/refresh-token', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Busy, try again."}' }),
    );
    await page.goto('/w/home');
    await page.waitForURL('**/e/500');
    await page.getByText('Busy, try again.').waitFor();
    await expect(
      page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null')),
    ).resolves.toMatchObject({
      refresh_token: stored.refresh_token,
    });

    await page.unroute('**/api/identity/refresh-token');
    await page.route('**/api/identity/refresh-token', (route) => route.abort('internetdisconnected'));
    await page.goto('/w/home');
    await page.waitForURL('**/e/network');
    await expect(page.evaluate(() => localStorage.getItem('auth'))).resolves.not.toBeNull();

    await page.unroute('**/api/identity/refresh-token');
    await page.goto('/w/home');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/w/home');
  });
});

describe('the list drawer', () => {
  it('has its menu in the drawer header beside the list name', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    const shortCode = await chooseStores(page, ['New World Karori']);
    const id = await productId(page, shortCode, 'Roughedge Milk');
    await callApi(page, 'POST', `/api/${shortCode}/lists`, { name: 'Picnic', productId: id });
    await page.goto('/w/lists');
    await page.getByRole('button', { name: 'Picnic' }).click();
    const drawer = page.getByRole('dialog', { name: 'Picnic' });
    const header = drawer.locator('header');
    await header.getByRole('button', { name: 'List menu' }).click();
    await drawer.getByRole('menuitem', { name: 'Add to shopping list' }).waitFor();
    await shot(page, 'rough-list-drawer-menu');
  });
});

// Prices over time in the browser (issue 12): a product whose history came in through the real
// ingest (a crafted feed loaded by `kete ingest` into the server's own database) shows its verdict
// badge and unit price on the search row, each store's verdict with its reason in the drawer, and
// the price-history chart with the year's low in words, a 1-year toggle and a readout.
import { mkdirSync } from 'node:fs';
import { ean13CheckDigit, type Store } from '@kete/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { ingestFeed } from './support/feed.js';
import { callApi, shot } from './support/shopper.js';
import { goInApp, signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite();
const DAY = 86_400_000;
const now = Date.now();
const daysAgo = (days: number) => now - days * DAY;

// Real seeded stores (apps/server/seed-data/nz-stores.csv), one of each chain.
const feedStores = {
  newWorld: { chain: 'newworld', store: '773ad0a0-024e-46c5-a94b-df1cf86d25cc', type: 1 },
  paknsave: { chain: 'paknsave', store: '65defcf2-bc15-490e-a84f-1f13b769cd22', type: 2 },
  woolworths: { chain: 'woolworths', store: '9057', type: 3 },
} as const;
const storeNames = { 1: /New World Albany/i, 2: /Albany/i, 3: /Ponsonby/i } as const;

const first12 = '942000012345';
const oatMilk = {
  productKey: 'KETE-OAT-1L',
  barcode: `${first12}${ean13CheckDigit(first12)}`,
  name: 'Kete Test Oat Milk',
  brand: 'Oatly',
  size: '1L',
  unitMeasure: '1L',
};

const peanut = `942000054321`;
const peanutButter = {
  productKey: 'KETE-PB-380',
  barcode: `${peanut}${ean13CheckDigit(peanut)}`,
  name: 'Kete Test Peanut Butter',
  brand: 'Pics',
  size: '380g',
};

const rice = '942000067890';
const riceBag = {
  productKey: 'KETE-RICE-5KG',
  barcode: `${rice}${ean13CheckDigit(rice)}`,
  name: 'Kete Test Rice',
  brand: 'SunRice',
  size: '5kg',
  unitMeasure: '1kg',
};

type Where = (typeof feedStores)[keyof typeof feedStores];
const line = (
  at: Where,
  days: number,
  price: number,
  basePrice = price,
  promotionType = 0,
  product: object = oatMilk,
) =>
  JSON.stringify({
    chain: at.chain,
    store: at.store,
    ...product,
    price,
    basePrice,
    unitPrice: price,
    promotionType,
    observedAt: daysAgo(days),
  });

/**
 * Pak'nSave: $4.50 from 220 days ago (history reaching 180 days before the special, as 'great'
 * needs: issue 45), $4.20 from 60 days ago, on special at $3.50 for the last 20 days: the year's
 * low and below the usual price, so 'great'. Woolworths: $3.60 200 days ago (the year's low there),
 * $4.80 since, on special at $3.99 for 10 days: below the prior $4.80 but not near the low, so
 * 'genuine', a real saving of $0.81. New World: on special for 100 days, so the special is 'usual'.
 */
const feed = [
  line(feedStores.paknsave, 220, 450),
  line(feedStores.paknsave, 60, 420),
  line(feedStores.paknsave, 20, 350, 420, 4),
  line(feedStores.woolworths, 200, 360),
  line(feedStores.woolworths, 150, 480),
  line(feedStores.woolworths, 10, 399, 480, 5),
  line(feedStores.newWorld, 100, 430, 520, 3),
  // A plain price drop two days ago: this week's 'Price drops' on home once it is a favourite.
  line(feedStores.paknsave, 40, 650, 650, 0, peanutButter),
  line(feedStores.paknsave, 2, 520, 520, 0, peanutButter),
  // The cheapest per unit ($2.00/kg), loaded last: first by unit price, not by relevance.
  JSON.stringify({ ...feedStores.paknsave, ...riceBag, price: 1000, unitPrice: 200, observedAt: daysAgo(5) }),
];

// The server's own database, loaded the way an operator loads a feed (support/feed.ts).
beforeAll(() => ingestFeed(suite.server, feed, 'price-history-feed.ndjson'));

/** Signs a shopper in with the three stores the feed priced, and returns them by chain type. */
async function signInAtFeedStores(page: Page): Promise<Record<1 | 2 | 3, Store> & { shortCode: string }> {
  await signIn(page, suite.server);
  const init = await callApi<{ workspace: { shortCode: string }; stores: { all: Store[] } }>(
    page,
    'POST',
    '/api/init/start',
  );
  const pick = (type: 1 | 2 | 3) => {
    const store = init.stores.all.find((s) => s.type === type && storeNames[type].test(s.name));
    if (!store) throw new Error(`no seeded store matches ${storeNames[type]}`);
    return store;
  };
  const stores = { 1: pick(1), 2: pick(2), 3: pick(3) };
  for (const store of [stores[1], stores[2], stores[3]])
    await callApi(page, 'POST', `/api/${init.workspace.shortCode}/stores/${store.id}`);
  await page.goto('/w/home');
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  return { ...stores, shortCode: init.workspace.shortCode };
}

async function openOatMilk(page: Page) {
  await goInApp(page, '/w/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Kete Test Oat');
  await page.keyboard.press('Enter');
  await page.getByRole('list', { name: 'Search results' }).waitFor();
}

const dayMonth = (time: number) =>
  new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long' }).format(time);

describe('prices over time', () => {
  it('shows the verdict and unit price on the row, each store verdict with its reason, and the history chart', async () => {
    const { page } = suite.app;
    const stores = await signInAtFeedStores(page);
    await openOatMilk(page);

    const row = page.locator('[data-product-row]').filter({ hasText: 'Kete Test Oat Milk' });
    await expect.poll(() => row.textContent()).toContain('$3.50');
    await expect.poll(() => row.locator('[data-verdict]').textContent()).toBe('Great price');
    expect(await row.locator('[data-price-extras]').textContent()).toContain('$3.50/L');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'price-history-search-390');

    await row
      .getByRole('button', { name: /Kete Test Oat Milk/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    const prices = drawer.getByRole('region', { name: 'Prices by store' });
    await prices.waitFor();
    const storeLine = (store: Store) => prices.locator(`[data-store-price="${store.name}"]`);
    await expect
      .poll(() => storeLine(stores[2]).locator('[data-verdict]').textContent())
      .toContain('Great price');
    expect(await storeLine(stores[3]).locator('[data-verdict]').textContent()).toContain('Real saving $0.81');
    expect(await storeLine(stores[1]).locator('[data-verdict]').textContent()).toContain('Usual price');
    expect(await storeLine(stores[3]).textContent()).toContain('$3.99/L');
    await shot(page, 'price-history-drawer-top-390');

    // The reason is one tap away.
    const saving = storeLine(stores[3]).getByRole('button', { name: /Real saving \$0\.81/ });
    await saving.click();
    expect(await saving.getAttribute('aria-expanded')).toBe('true');
    expect(await storeLine(stores[3]).locator('[data-verdict-reason]').textContent()).toBe(
      '$3.99 is below $4.80, the lowest price here in the 30 days before the special.',
    );

    // The chart: drawn (uPlot's canvas), the low in words, 3 months by default.
    const history = drawer.locator('[data-price-history]');
    await history.locator('[data-price-chart] canvas').first().waitFor();
    const summary = `Lowest in a year: $3.50 at ${stores[2].name}, ${dayMonth(daysAgo(20))}`;
    expect(await history.locator('[data-price-low]').textContent()).toBe(summary);
    const threeMonths = history.getByRole('button', { name: '3 months' });
    expect(await threeMonths.getAttribute('aria-pressed')).toBe('true');
    const readout = history.locator('[data-price-readout]');
    expect(await readout.textContent()).toContain('Today');

    // The keyboard moves the readout (the chart is a slider over the days): Home is the window's start.
    const chart = history.getByRole('slider', { name: /Price history over 3 months/ });
    await chart.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => readout.textContent()).not.toContain('Today');
    // 90 days ago Pak'nSave still charged $4.50 and New World was on its long special at $4.30.
    expect(await readout.textContent()).toContain('$4.50');
    expect(await chart.getAttribute('aria-valuetext')).toContain(`${stores[2].name} $4.50`);
    expect(await chart.getAttribute('aria-valuetext')).toContain(`${stores[1].name} $4.30`);
    // A tap on the chart reads out that moment (uPlot listens to the mouse; the chart adds touch).
    const atStart = await readout.textContent();
    await chart.tap({ position: { x: 250, y: 60 } });
    await expect.poll(() => readout.textContent()).not.toBe(atStart);
    expect(await readout.textContent()).not.toContain('Today');
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'price-history-drawer-390');

    await history.getByRole('button', { name: '1 year' }).click();
    await history.getByRole('slider', { name: /Price history over 1 year/ }).waitFor();
    expect(await history.locator('[data-price-low]').textContent()).toBe(summary);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'price-history-year-390');

    // The dark theme (the device's setting): the chart takes the remapped palette when redrawn.
    await page.emulateMedia({ colorScheme: 'dark' });
    await threeMonths.click();
    await history.getByRole('slider', { name: /Price history over 3 months/ }).waitFor();
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'price-history-dark-390');
    await page.emulateMedia({ colorScheme: 'light' });

    // A wide screen: the drawer is the right-side panel.
    await page.setViewportSize({ width: 1280, height: 800 });
    await history.locator('[data-price-chart] canvas').first().waitFor();
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'price-history-drawer-1280');
  });

  it('shows the unit price under the price in the shopping list', async () => {
    const { page } = suite.app;
    await signInAtFeedStores(page);
    await openOatMilk(page);
    const row = page.locator('[data-product-row]').filter({ hasText: 'Kete Test Oat Milk' });
    await row.getByRole('button', { name: 'Add Oatly Kete Test Oat Milk 1L' }).click();
    await page.getByRole('link', { name: 'Shopping list' }).click();
    await page.getByRole('heading', { name: 'Shopping list' }).waitFor();
    const cartRow = page.locator('[data-cart-row]').filter({ hasText: 'Kete Test Oat Milk' });
    await expect.poll(() => cartRow.textContent()).toContain('$3.50/L');
    await shot(page, 'price-history-cart-390');
  });

  it('sorts search results by unit price and remembers the order in the local database', async () => {
    const { page } = suite.app;
    const { shortCode } = await signInAtFeedStores(page);
    const search = (sort?: string) =>
      callApi<{ name: string }[]>(page, 'POST', `/api/${shortCode}/products/search`, {
        text: 'Kete Test Oat',
        sort,
      });
    // Every word matches only the oat milk, so it leads by relevance; the rice (a partial match)
    // leads by unit price. The orders differ, so the screen's order says which one it asked for.
    const byRelevance = (await search()).map((p) => p.name);
    expect(byRelevance[0]).toBe('Kete Test Oat Milk');
    expect((await search('unitPrice'))[0]?.name).toBe('Kete Test Rice');

    await goInApp(page, '/w/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Kete Test Oat');
    await page.keyboard.press('Enter');
    const names = page.locator('[data-product-row] .line-clamp-2');
    await expect.poll(() => names.allTextContents()).toEqual(byRelevance);
    const unitPrice = page.getByRole('button', { name: 'Unit price' });
    await unitPrice.click();
    expect(await unitPrice.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await names.allTextContents())[0]).toBe('Kete Test Rice');

    // A reload returns to the search screen; the order comes back from the local database.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).waitFor();
    await openOatMilk(page);
    await expect
      .poll(() => page.getByRole('button', { name: 'Unit price' }).getAttribute('aria-pressed'))
      .toBe('true');
  });

  it('turns price-drop e-mails off and on from the avatar menu, kept by the server', async () => {
    const { page } = suite.app;
    await signInAtFeedStores(page);
    await page.getByRole('button', { name: /^Menu for/ }).click();
    const alerts = page.getByRole('switch', { name: 'Price-drop e-mails' });
    expect(await alerts.getAttribute('aria-checked')).toBe('true');
    await alerts.click();
    await expect.poll(() => alerts.getAttribute('aria-checked')).toBe('false');
    await expect
      .poll(
        async () =>
          (await callApi<{ member: { priceAlerts: boolean } }>(page, 'POST', '/api/init/start')).member
            .priceAlerts,
      )
      .toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'price-alerts-menu-390');

    await page.reload();
    await page.getByRole('button', { name: /^Menu for/ }).click();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Price-drop e-mails' }).getAttribute('aria-checked'))
      .toBe('false');
    await page.getByRole('switch', { name: 'Price-drop e-mails' }).click();
    await expect
      .poll(
        async () =>
          (await callApi<{ member: { priceAlerts: boolean } }>(page, 'POST', '/api/init/start')).member
            .priceAlerts,
      )
      .toBe(true);
  });

  it("shows a favourite that got cheaper this week in home's Price drops strip", async () => {
    const { page } = suite.app;
    const { shortCode } = await signInAtFeedStores(page);
    const [product] = await callApi<{ id: number; name: string }[]>(
      page,
      'POST',
      `/api/${shortCode}/products/search`,
      {
        text: 'Kete Test Peanut Butter',
      },
    );
    if (!product) throw new Error('the feed has no peanut butter');
    await callApi(page, 'POST', `/api/${shortCode}/favourites/${product.id}`);
    await page.goto('/w/home');
    const strip = page.getByRole('region', { name: 'Price drops' });
    await strip.waitFor();
    const tile = strip.getByRole('button', { name: /Kete Test Peanut Butter/ });
    expect(await tile.textContent()).toContain('$5.20');
    expect(await tile.textContent()).toContain('was $6.50');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'price-drops-home-390');
    await tile.click();
    await page.getByRole('dialog').locator('[data-price-history]').waitFor();
  });
});

mkdirSync('/tmp/kete-shots', { recursive: true });

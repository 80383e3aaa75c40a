// Trust in every price in the browser (issue 33): a product whose cheapest price was last checked
// 12 days ago carries a calm 'Checked 12 days ago' marker on its search row, the drawer says per
// store when each price was checked, and a special Kete has no history for reads 'New to Kete'.
// The feed goes through the real ingest (`kete ingest`) into the server's own database.
import { ean13CheckDigit, type Store } from '@kete/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { ingestFeed } from './support/feed.js';
import { callApi, shotBothThemes } from './support/shopper.js';
import { goInApp, signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();

const feedStores = {
  newWorld: { chain: 'newworld', store: '773ad0a0-024e-46c5-a94b-df1cf86d25cc', type: 1 },
  paknsave: { chain: 'paknsave', store: '65defcf2-bc15-490e-a84f-1f13b769cd22', type: 2 },
  woolworths: { chain: 'woolworths', store: '9057', type: 3 },
} as const;
const storeNames = { 1: /New World Albany/i, 2: /Albany/i, 3: /Ponsonby/i } as const;

const digits = '942000011111';
const tea = {
  productKey: 'KETE-TRUST-TEA',
  barcode: `${digits}${ean13CheckDigit(digits)}`,
  name: 'Kete Trust Tea',
  brand: 'Dilmah',
  size: '100 pack',
};
const newDigits = '942000022222';
const biscuits = {
  productKey: 'KETE-TRUST-BISCUIT',
  barcode: `${newDigits}${ean13CheckDigit(newDigits)}`,
  name: 'Kete Trust Biscuits',
  brand: 'Griffins',
  size: '250g',
};

type Where = (typeof feedStores)[keyof typeof feedStores];
const line = (at: Where, product: object, ago: number, price: number, promotionType = 0, basePrice = price) =>
  JSON.stringify({
    chain: at.chain,
    store: at.store,
    ...product,
    price,
    basePrice,
    promotionType,
    observedAt: now - ago,
  });

// Tea: the cheapest ($7.50) at Pak'nSave, last listed 12 days ago (stale); New World $8.20 checked
// 3 hours ago; Woolworths on special at $7.90, first seen 2 days ago: no history before it, so
// 'New to Kete'. Biscuits: only at Woolworths, a special first seen today.
const feed = [
  line(feedStores.paknsave, tea, 12 * DAY, 750),
  line(feedStores.newWorld, tea, 30 * DAY, 820),
  line(feedStores.newWorld, tea, 3 * HOUR, 820),
  line(feedStores.woolworths, tea, 2 * DAY, 790, 5, 990),
  line(feedStores.woolworths, biscuits, 5 * HOUR, 300, 5, 400),
];

// The server's own database, loaded the way an operator loads a feed (support/feed.ts).
beforeAll(() => ingestFeed(suite.server, feed, 'trust-feed.ndjson'));

describe('trust in every price', () => {
  it('marks a stale price calmly, says per store when each was checked, and what Kete cannot judge', async () => {
    const { page } = suite.app;
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
    for (const store of Object.values(stores))
      await callApi(page, 'POST', `/api/${init.workspace.shortCode}/stores/${store.id}`);
    await page.goto('/w/home');
    await page.getByRole('heading', { name: 'Home' }).waitFor();

    await goInApp(page, '/w/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Kete Trust');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Search results' }).waitFor();
    const teaRow = page.locator('[data-product-row]').filter({ hasText: 'Kete Trust Tea' });
    await expect.poll(() => teaRow.textContent()).toContain('$7.50');
    expect(await teaRow.locator('[data-stale-marker]').textContent()).toBe('Checked 12 days ago');
    const biscuitRow = page.locator('[data-product-row]').filter({ hasText: 'Kete Trust Biscuits' });
    expect(await biscuitRow.locator('[data-verdict]').textContent()).toBe('New to Kete');
    expect(await biscuitRow.locator('[data-stale-marker]').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotBothThemes(page, 'trust-search-390');

    await teaRow
      .getByRole('button', { name: /Kete Trust Tea/ })
      .first()
      .click();
    const prices = page.getByRole('dialog').getByRole('region', { name: 'Prices by store' });
    await prices.waitFor();
    const storeLine = (store: Store) => prices.locator(`[data-store-price="${store.name}"]`);
    await expect
      .poll(() => storeLine(stores[1]).locator('[data-checked-ago]').textContent())
      .toBe('checked 3 h ago');
    expect(await storeLine(stores[2]).locator('[data-checked-ago]').textContent()).toBe(
      'checked 12 days ago · may have changed',
    );
    expect(await storeLine(stores[3]).locator('[data-checked-ago]').textContent()).toBe('checked 2 days ago');
    const unknown = storeLine(stores[3]).getByRole('button', { name: /New to Kete/ });
    await unknown.click();
    expect(await storeLine(stores[3]).locator('[data-verdict-reason]').textContent()).toBe(
      'New to Kete: not enough history to judge.',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotBothThemes(page, 'trust-drawer-390');

    // The shopping list: 'All' marks the cheapest (stale) price; 'By store' buys the tea at a
    // store with a fresh price (Woolworths' $7.90, not Pak'nSave's stale $7.50), unmarked.
    const tea = await callApi<{ id: number }[]>(
      page,
      'POST',
      `/api/${init.workspace.shortCode}/products/search`,
      { text: 'Kete Trust Tea' },
    );
    await callApi(page, 'POST', `/api/${init.workspace.shortCode}/cart`, {
      productId: tea[0]?.id,
      quantity: 1,
    });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await goInApp(page, '/w/cart');
    const allRow = page.locator(`[data-cart-row="${tea[0]?.id}"]`);
    await expect.poll(() => allRow.locator('[data-stale-marker]').textContent()).toBe('Checked 12 days ago');
    await page.getByRole('tab', { name: 'By store' }).click();
    const woolworths = page.locator(`[data-store-group="${stores[3].name}"]`);
    await expect.poll(() => woolworths.textContent()).toContain('$7.90');
    expect(await woolworths.locator('[data-stale-marker]').count()).toBe(0);
    expect(await page.locator(`[data-store-group="${stores[2].name}"] [data-cart-row]`).count()).toBe(0);
    await shotBothThemes(page, 'trust-cart-by-store-390');
  });
});

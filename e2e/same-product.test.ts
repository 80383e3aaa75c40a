// Your own "same product" in the browser (issue 33 item 6): in the drawer, 'Treat as the same'
// chooses another product from search; the shopping list 'By store' then buys the group's cheapest
// member by unit price and names it. The feed goes through the real ingest into the server's
// database. Chromium at 390x844, screenshots light and dark.
import { ean13CheckDigit, type Store } from '@kete/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { ingestFeed } from './support/feed.js';
import { callApi, shotBothThemes } from './support/shopper.js';
import { goInApp, signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite();
const now = Date.now();
const feedStores = {
  newWorld: { chain: 'newworld', store: '773ad0a0-024e-46c5-a94b-df1cf86d25cc' },
  paknsave: { chain: 'paknsave', store: '65defcf2-bc15-490e-a84f-1f13b769cd22' },
} as const;
const storeNames = { 1: /New World Albany/i, 2: /Albany/i } as const;

const product = (digits: string, name: string, size: string) => ({
  productKey: `KETE-SAME-${size}`,
  barcode: `${digits}${ean13CheckDigit(digits)}`,
  name,
  brand: 'Kete Dairy',
  size,
});
const litre = product('942000033333', 'Kete Same Milk 1L', '1L');
const twoLitres = product('942000044444', 'Kete Same Milk 2L', '2L');

const line = (
  at: (typeof feedStores)[keyof typeof feedStores],
  p: object,
  price: number,
  unitPrice: number,
) =>
  JSON.stringify({
    chain: at.chain,
    store: at.store,
    ...p,
    price,
    basePrice: price,
    promotionType: 0,
    unitPrice,
    unitMeasure: '1L',
    observedAt: now - 3_600_000,
  });

// 1 L: $3.00 at Pak'nSave ($3.00/L), the cheaper shelf price. 2 L: $5.00 at New World ($2.50/L),
// the cheaper by unit price.
const feed = [line(feedStores.paknsave, litre, 300, 300), line(feedStores.newWorld, twoLitres, 500, 250)];

// The server's own database, loaded the way an operator loads a feed (support/feed.ts).
beforeAll(() => ingestFeed(suite.server, feed, 'same-feed.ndjson'));

describe('your own same product', () => {
  it('is chosen in the drawer from search, and By store buys the cheapest by unit price', async () => {
    const { page } = suite.app;
    await signIn(page, suite.server);
    const init = await callApi<{ workspace: { shortCode: string }; stores: { all: Store[] } }>(
      page,
      'POST',
      '/api/init/start',
    );
    const pick = (type: 1 | 2) => {
      const store = init.stores.all.find((s) => s.type === type && storeNames[type].test(s.name));
      if (!store) throw new Error(`no seeded store matches ${storeNames[type]}`);
      return store;
    };
    const stores = { 1: pick(1), 2: pick(2) };
    for (const store of Object.values(stores))
      await callApi(page, 'POST', `/api/${init.workspace.shortCode}/stores/${store.id}`);
    const found = await callApi<{ id: number; name: string }[]>(
      page,
      'POST',
      `/api/${init.workspace.shortCode}/products/search`,
      { text: 'Kete Same Milk' },
    );
    const oneLitre = found.find((p) => p.name === litre.name);
    const two = found.find((p) => p.name === twoLitres.name);
    if (!oneLitre || !two) throw new Error('the feed products were not found');
    await callApi(page, 'POST', `/api/${init.workspace.shortCode}/cart`, {
      productId: oneLitre.id,
      quantity: 1,
    });
    await page.goto('/w/home');
    await page.getByRole('heading', { name: 'Home' }).waitFor();

    await goInApp(page, '/w/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Kete Same Milk 1L');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Search results' }).waitFor();
    const row = page.locator('[data-product-row]').filter({ hasText: litre.name });
    await row
      .getByRole('button', { name: /Kete Same Milk 1L/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Treat as the same' }).click();
    const searchBox = drawer.getByRole('searchbox', { name: 'Search for the same product' });
    await searchBox.fill('Kete Same Milk');
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    await drawer.locator(`[data-same-choice="${two.id}"]`).click();
    const member = drawer.locator(`[data-same-member="${two.id}"]`);
    await expect.poll(() => member.textContent()).toContain('Kete Same Milk 2L');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotBothThemes(page, 'same-product-drawer-390');

    // The group is the household's: the server lists it.
    const groups = await callApi<{ groups: { productIds: number[] }[] }>(
      page,
      'GET',
      `/api/${init.workspace.shortCode}/equivalents`,
    );
    expect(groups.groups.map((g) => g.productIds)).toEqual([[oneLitre.id, two.id].sort((a, b) => a - b)]);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await goInApp(page, '/w/cart');
    await page.getByRole('tab', { name: 'By store' }).click();
    const newWorld = page.locator(`[data-store-group="${stores[1].name}"]`);
    await expect
      .poll(() => newWorld.locator(`[data-same-bought="${two.id}"]`).textContent())
      .toContain('Same for you: buying Kete Dairy Kete Same Milk 2L');
    expect(await newWorld.textContent()).toContain('$5.00');
    // The row's unit price is the 2 L's at New World, not the listed 1 L's.
    expect(await newWorld.locator('[data-cart-row]').textContent()).toContain('$2.50/L');
    expect(await page.locator(`[data-store-group="${stores[2].name}"] [data-cart-row]`).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotBothThemes(page, 'same-product-by-store-390');
  });
});

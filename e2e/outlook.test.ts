// Buy now or wait in the browser (issue 46): a product whose history (through the real ingest)
// has a special every 28 days at New World, none in 180 days at Pak'nSave and 30 days of prices at
// Woolworths. Its shopping-list row says to wait, the 'Worth waiting for' filter keeps it, and its
// drawer words each store's outlook. Screenshots at 390x844 in light and dark.
import { mkdirSync } from 'node:fs';
import type { Store } from '@kete/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { ingestFeed } from './support/feed.js';
import { callApi, searchApi, shotBothThemes } from './support/shopper.js';
import { goInApp, signIn } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite();
const DAY = 86_400_000;
const now = Date.now();

const at = {
  newWorld: { chain: 'newworld', store: '773ad0a0-024e-46c5-a94b-df1cf86d25cc' },
  paknsave: { chain: 'paknsave', store: '65defcf2-bc15-490e-a84f-1f13b769cd22' },
  woolworths: { chain: 'woolworths', store: '9057' },
} as const;
const oats = { productKey: 'KETE-OATS', name: 'Kete Test Rolled Oats', brand: 'Harraways', size: '1kg' };
const line = (where: (typeof at)[keyof typeof at], daysAgo: number, price: number, special = 0) =>
  JSON.stringify({
    ...where,
    ...oats,
    price,
    basePrice: special ? 500 : price,
    promotionType: special,
    observedAt: now - daysAgo * DAY,
  });

// New World: on special for 7 days every 28 days, the last began 18 days ago (the next in 10).
const feed = [line(at.newWorld, 200, 500), line(at.paknsave, 180, 480), line(at.woolworths, 30, 520)];
for (let start = 18; start < 200; start += 28)
  feed.push(line(at.newWorld, start, 350, 3), line(at.newWorld, start - 7, 500));

beforeAll(() => ingestFeed(suite.server, feed, 'outlook-feed.ndjson'));

describe('buy now or wait', () => {
  it('tells the shopping list to wait, filters by it, and words each store in the drawer', async () => {
    mkdirSync('/tmp/kete-shots', { recursive: true });
    const { page } = suite.app;
    await signIn(page, suite.server);
    const init = await callApi<{ workspace: { shortCode: string }; stores: { all: Store[] } }>(
      page,
      'POST',
      '/api/init/start',
    );
    const shortCode = init.workspace.shortCode;
    const named = (type: number, name: RegExp) =>
      init.stores.all.find((s) => s.type === type && name.test(s.name)) as Store;
    const newWorld = named(1, /New World Albany/i);
    for (const store of [newWorld, named(2, /Albany/i), named(3, /Ponsonby/i)])
      await callApi(page, 'POST', `/api/${shortCode}/stores/${store.id}`);
    const [product] = await searchApi(page, { shortCode, stores: [] }, 'Kete Test Rolled Oats');
    await callApi(page, 'POST', `/api/${shortCode}/cart`, { productId: product?.id, quantity: 1 });
    await page.goto('/w/home');
    await page.getByRole('heading', { name: 'Home' }).waitFor();

    await goInApp(page, '/w/cart');
    const row = page.locator('[data-row-outlook]');
    await expect
      .poll(() => row.textContent())
      .toBe(`Wait if you can: likely on special at ${newWorld.name} in the next 2 weeks`);
    const filter = page.getByRole('button', { name: 'Worth waiting for (1)' });
    await filter.click();
    expect(await filter.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-cart-row]').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotBothThemes(page, 'outlook-list-row-390');

    await page.locator('[data-open-item]').first().click();
    const outlook = page.getByRole('dialog').getByRole('region', { name: 'Buy now or wait' });
    await outlook.waitFor();
    const store = (name: string) => outlook.locator(`[data-outlook-store="${name}"]`);
    await expect
      .poll(() => store(newWorld.name).textContent())
      .toContain(
        'Usually on special about every 4 weeks; last ended 11 days ago. Likely on special in the next 2 weeks: wait if you can.',
      );
    expect(await store(newWorld.name).locator('[data-advice]').textContent()).toBe('Wait');
    expect(await outlook.textContent()).toContain('No special in 26 weeks.');
    expect(await outlook.textContent()).toContain('Not enough history to say');
    await outlook.scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotBothThemes(page, 'outlook-drawer-390');
  });
});

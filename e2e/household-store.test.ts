// The household in the store (issue 35) at 390x844 in Chromium: in-store mode walks the store's
// learned aisle order, a group dragged by its handle (or moved by its button) sets the order for
// everyone until 'Reset'; 'I'm going to ...' shows on the other member's home and list, live; the
// notification settings. Screenshots of each, light and dark, go to /tmp/kete-shots/household (not on CI: support/shots.ts).
import { type AisleOrder, groupByAisle, type Product, splitCartByStore } from '@kete/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { controlledByServiceWorker } from './support/device-storage.js';
import { openHousehold } from './support/household.js';
import { deliveredAndShown } from './support/push.js';
import { startServer } from './support/server.js';
import { callApi, cartApi, type Shopper, searchApi, shotBothThemes } from './support/shopper.js';
import { saveShot } from './support/shots.js';
import { goInApp } from './support/sign-in.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await startServer({ KETE_DEMO_DATA: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const bothThemes = (page: Page, name: string) => shotBothThemes(page, `household/${name}`);

async function listProducts(page: Page, shopper: Shopper, searches: string[]): Promise<Product[]> {
  const products: Product[] = [];
  for (const text of searches) {
    const found = (await searchApi(page, shopper, text)).find((p) => p.saleType === 0 && p.prices.length > 0);
    if (!found) throw new Error(`the demo catalogue has no ${text}`);
    await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, { productId: found.id, quantity: 1 });
    products.push(found);
  }
  return products;
}

const shownAisles = (page: Page) =>
  page.locator('section[data-aisle]').evaluateAll((s) => s.map((e) => e.getAttribute('data-aisle')));

describe('the household in the store', () => {
  it('learns the aisle order, takes a dragged one, and shows a trip to the other member live', async () => {
    const household = await openHousehold(browser, server);
    const { page, shopper } = household.owner;
    const friend = household.friend.page;
    try {
      await listProducts(page, shopper, ['ice cream', 'milk', 'bread', 'rice', 'toilet paper', 'juice']);
      const cart = await cartApi(page, shopper);
      const { groups } = splitCartByStore(cart, shopper.stores, () => true);
      const group = [...groups].sort((a, b) => b.lines.length - a.lines.length)[0];
      if (!group) throw new Error('no store group');
      const chain = groupByAisle(group.lines, (line) => line.product);
      if (chain.length < 3) throw new Error(`expected three aisles at ${group.store.name}`);

      // Three trips ticking this store's aisles back to front (as the phone sends its ticks).
      const walk = [...chain].reverse();
      for (const trip of [1_000, 2_000, 3_000]) {
        let at = trip;
        for (const { items } of walk) {
          for (const line of items) {
            await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, {
              productId: line.product.id,
              quantity: 1,
            });
            at += 1;
            await callApi(page, 'DELETE', `/api/${shopper.shortCode}/cart/${line.product.id}`, {
              tick: { storeId: group.store.id, trip, at },
            });
          }
        }
      }
      for (const line of group.lines) {
        await callApi(page, 'POST', `/api/${shopper.shortCode}/cart`, {
          productId: line.product.id,
          quantity: 1,
        });
      }

      await goInApp(page, `/w/shop/${group.store.id}`);
      await page.getByRole('heading', { name: group.store.name }).waitFor();
      await page.locator('[data-aisle-source="learned"]').waitFor();
      expect(await shownAisles(page)).toEqual(walk.map((g) => g.aisle.key));
      await bothThemes(page, 'in-store-learned');

      // Drag the last group by its handle above the first.
      const keys = walk.map((g) => g.aisle.key);
      const last = keys.at(-1) as string;
      const handle = page.locator(`section[data-aisle="${last}"] [data-drag-handle]`);
      const from = await handle.boundingBox();
      const top = await page.locator('section[data-aisle]').first().boundingBox();
      if (!from || !top) throw new Error('no boxes');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, top.y + 4, { steps: 15 });
      await saveShot(page, 'household/in-store-dragging-light', 0);
      await page.mouse.up();
      await page.locator('[data-aisle-source="set"]').waitFor();
      const dragged = [last, ...keys.slice(0, -1)];
      expect(await shownAisles(page)).toEqual(dragged);
      const kept = await callApi<AisleOrder>(
        page,
        'GET',
        `/api/${shopper.shortCode}/stores/${group.store.id}/aisle-order`,
      );
      expect(kept.source).toBe('set');
      expect(kept.categories.filter((k) => keys.includes(k))).toEqual(dragged);
      // The other member's phone walks the same order.
      const theirs = await callApi<AisleOrder>(
        friend,
        'GET',
        `/api/${shopper.shortCode}/stores/${group.store.id}/aisle-order`,
      );
      expect(theirs).toEqual(kept);

      // From the keyboard: the first group's 'Move down' button.
      const firstTitle = walk.find((g) => g.aisle.key === last)?.aisle.title ?? '';
      await page.getByRole('button', { name: `Move ${firstTitle} down` }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => shownAisles(page)).toEqual([dragged[1], dragged[0], ...dragged.slice(2)]);

      // 'Reset' goes back to the learned order.
      await page.getByRole('button', { name: 'Reset' }).click();
      await page.locator('[data-aisle-source="learned"]').waitFor();
      expect(await shownAisles(page)).toEqual(keys);

      // A tick with no signal reaches the server when the signal is back, with its store, trip and time.
      const ticked = group.lines.at(-1);
      if (!ticked) throw new Error('no line');
      await household.owner.context.setOffline(true);
      await page.locator(`[data-trip-line="${ticked.product.id}"]`).click();
      // Replayed once the phone sees it is online again: up to ~15 s on a loaded 2-core machine.
      const replayed = page.waitForRequest(
        (r) => r.method() === 'DELETE' && new URL(r.url()).pathname.endsWith(`/cart/${ticked.product.id}`),
        { timeout: 30_000 },
      );
      await household.owner.context.setOffline(false);
      expect(JSON.parse((await replayed).postData() ?? '{}')).toEqual({
        tick: { storeId: group.store.id, trip: expect.any(Number), at: expect.any(Number) },
      });
      await expect
        .poll(async () => (await cartApi(page, shopper)).some((i) => i.product.id === ticked.product.id))
        .toBe(false);

      // Going shopping: the friend, on home, sees it at once; then on the list too.
      const me = await callApi<{ member: { displayName: string } }>(page, 'POST', '/api/init/start');
      await page.getByRole('button', { name: `I'm going to ${group.store.name}` }).click();
      await page.getByText('The household knows you are shopping here.').waitFor();
      await bothThemes(page, 'in-store-going-shopping');
      const banner = friend.locator('[data-trip-banner]');
      await banner.waitFor();
      expect((await banner.textContent())?.trim()).toBe(
        `${me.member.displayName} is shopping at ${group.store.name}`,
      );
      await bothThemes(friend, 'home-trip-banner');
      await goInApp(friend, '/w/cart');
      await friend.locator('[data-trip-banner]').waitFor();
      await bothThemes(friend, 'list-trip-banner');

      // What the friend adds during the trip is marked New on the shopper's rows.
      const added = group.lines[0];
      if (!added) throw new Error('no line');
      await callApi(friend, 'POST', `/api/${shopper.shortCode}/cart`, {
        productId: added.product.id,
        quantity: 1,
      });
      const row = page.locator(`[data-trip-line="${added.product.id}"]`);
      await row.getByText('New', { exact: true }).waitFor();
      await row.scrollIntoViewIfNeeded();
      await bothThemes(page, 'in-store-new-item');

      // Finishing the trip ends it for everyone.
      await page.getByRole('button', { name: 'Finish this trip' }).click();
      await page.waitForURL('**/w/cart');
      await friend.locator('[data-trip-banner]').waitFor({ state: 'detached' });
    } finally {
      await household.close();
    }
  });

  it('offers notifications from the avatar menu, asking the permission only on "Turn on"', async () => {
    const household = await openHousehold(browser, server);
    const { page } = household.owner;
    try {
      await goInApp(page, '/w/home');
      await page.getByRole('button', { name: /^Menu for/ }).click();
      await page.getByRole('button', { name: 'Notifications' }).click();
      await page.waitForURL('**/w/notifications');
      await page.getByRole('heading', { name: 'Notifications' }).waitFor();
      // Nothing asked yet: the page only offers it.
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      await page.getByRole('button', { name: 'Turn on notifications' }).waitFor();
      await page.getByText('joined this list').waitFor({ state: 'detached' });
      await bothThemes(page, 'notifications-off');
      // Allowed but with no push service to subscribe at (headless Chromium has none): it says so.
      await household.owner.context.grantPermissions(['notifications']);
      await page.getByRole('button', { name: 'Turn on notifications' }).click();
      await page.getByText('Notifications could not be turned on.').waitFor();
      await saveShot(page, 'household/notifications-failed-light', 0);

      // The service worker shows a push as a notification that opens the page it names.
      await controlledByServiceWorker(page);
      const message = {
        title: 'Going shopping',
        body: "Sam is shopping at PAK'nSAVE Albany",
        url: '/w/cart',
        tag: 't',
      };
      expect(await deliveredAndShown(page, new URL(server.url).origin, JSON.stringify(message))).toEqual([
        { title: message.title, body: message.body, data: { url: '/w/cart' } },
      ]);
    } finally {
      await household.close();
    }
  });
});

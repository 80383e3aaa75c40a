// The shopping list with no signal: the installed app's shell and last data open offline after a
// reload, ticks, quantity changes and a list added while offline are kept and replayed when the
// connection returns, merged with what the other member did meanwhile. Also: the install criteria
// (manifest and service worker) and a reload returning to the household's list.
import type { CartItem } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { controlledByServiceWorker, keptAnswers } from './support/device-storage.js';
import { openHousehold } from './support/household.js';
import { callApi, cartApi, searchApi, shot } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

const quantities = (cart: CartItem[]) =>
  Object.fromEntries(cart.map((item) => [item.product.name, item.quantity]));

describe('installable', () => {
  it('has a manifest with icons, standalone display and a start URL, and a service worker', async () => {
    const { page } = suite.app;
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await fetch(new URL(href ?? '', suite.server.url))).json();
    expect(manifest).toMatchObject({
      name: 'Kete',
      display: 'standalone',
      start_url: '/w/home',
      theme_color: '#2F6B3F',
    });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      expect((await fetch(new URL(icon.src, suite.server.url))).headers.get('content-type')).toBe(
        'image/png',
      );
    }
    await controlledByServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  });
});

describe('offline', () => {
  it('a Shared member reloads into the household list, then shops with no signal and loses nothing', async () => {
    const h = await openHousehold(suite.browser, suite.server);
    try {
      const { owner, friend } = h;
      const code = owner.shopper.shortCode;
      const [milk] = await searchApi(owner.page, owner.shopper, 'milk');
      const [bread] = await searchApi(owner.page, owner.shopper, 'bread');
      const [eggs] = await searchApi(owner.page, owner.shopper, 'eggs');
      const [cheese] = await searchApi(owner.page, owner.shopper, 'cheese');
      if (!milk || !bread || !eggs || !cheese) throw new Error('demo products missing');
      const add = (p: typeof milk, quantity = p.minimumQuantity) =>
        callApi(owner.page, 'POST', `/api/${code}/cart`, { productId: p.id, quantity });
      await add(milk);
      await add(bread);
      const list = await callApi<{ id: number }>(owner.page, 'POST', `/api/${code}/lists`, {
        name: 'Weekly',
        productId: eggs.id,
      });

      // The friend (Shared) opens the household's list; a reload brings them back to it.
      const page = friend.page;
      await controlledByServiceWorker(page);
      await goInApp(page, '/w/cart');
      await page.locator(`[data-cart-row="${milk.id}"]`).waitFor();
      await page.reload();
      await page.locator(`[data-cart-row="${bread.id}"]`).waitFor();
      expect(new URL(page.url()).pathname).toBe('/w/cart');
      // Seen once online, the list Weekly can be added offline.
      await goInApp(page, '/w/lists');
      await page.getByRole('button', { name: 'Weekly', exact: true }).click();
      await page.getByRole('dialog', { name: 'Weekly' }).locator(`[data-product-row="${eggs.id}"]`).waitFor();
      // Kept on the phone (written in batches a moment after the answer) before the signal goes.
      await expect
        .poll(async () => (await keptAnswers(page)).some(({ path }) => path.endsWith(`/lists/${list.id}`)))
        .toBe(true);
      await page.getByRole('button', { name: 'Close drawer' }).click();
      await goInApp(page, '/w/cart');
      await page.locator(`[data-cart-row="${milk.id}"]`).waitFor();

      // No signal. A reload still opens the shopping list.
      await friend.context.setOffline(true);
      await page.reload();
      await page.locator(`[data-cart-row="${milk.id}"]`).waitFor();
      expect(new URL(page.url()).pathname).toBe('/w/cart');
      await page.getByTestId('offline-indicator').waitFor();

      // Tick off milk, set bread to 3, put the list on: all offline.
      await page.getByRole('button', { name: `Tick off ${milk.name}` }).click();
      await page.locator(`[data-cart-row="${milk.id}"]`).waitFor({ state: 'detached' });
      await page.locator(`[data-cart-row="${bread.id}"] [data-open-item]`).click();
      const drawer = page.getByRole('dialog', { name: bread.name });
      const target = bread.minimumQuantity * 3;
      await drawer.getByRole('button', { name: 'Increase quantity' }).click();
      await drawer.getByRole('button', { name: 'Increase quantity' }).click();
      await drawer.getByRole('button', { name: 'Update shopping list' }).click();
      await drawer.waitFor({ state: 'detached' });
      await goInApp(page, '/w/lists');
      await page.getByRole('button', { name: 'Weekly', exact: true }).click();
      await page.getByRole('button', { name: 'List menu' }).click();
      await page.getByRole('menuitem', { name: 'Add to shopping list' }).click();
      await page.getByRole('button', { name: 'Close drawer' }).click();
      await goInApp(page, '/w/cart');
      await page.locator(`[data-cart-row="${eggs.id}"]`).waitFor();
      await page.getByText('3 changes saved on this phone').waitFor();
      await shot(page, 'offline-cart');

      // Meanwhile the owner, online, adds cheese and more eggs.
      await add(cheese);
      await add(eggs);

      // Signal again: the edits go in order and merge with the owner's.
      await friend.context.setOffline(false);
      await page.getByTestId('offline-indicator').waitFor({ state: 'detached' });
      const expected = {
        [bread.name]: target,
        [eggs.name]: eggs.minimumQuantity * 2,
        [cheese.name]: cheese.minimumQuantity,
      };
      await expect.poll(async () => quantities(await cartApi(owner.page, owner.shopper))).toEqual(expected);
      // And the friend's screen shows the server's list, the owner's cheese included.
      await page.locator(`[data-cart-row="${cheese.id}"]`).waitFor();
      expect(await page.locator('[data-cart-row]').count()).toBe(3);
      expect(list.id).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});

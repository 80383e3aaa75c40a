// Issue 49 item 1: two phones of one household, both with no signal, each changing the list with
// the row steppers and ticks; back online in either order, nothing is lost and both phones show
// the same list. A phone's own taps apply on top of each other (three +0.1 kg on Bananas 1.0 kg
// is 1.3 kg; Lite Cream +2 from 1 is 3) and never conflict with themselves; a real conflict (the
// other member changed the same item later) keeps the later change and names who made it.
import type { CartItem, Product } from '@kete/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openHousehold } from './support/household.js';
import { callApi, cartApi, searchApi, shotBothThemes } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { useAppSuite } from './support/suite.js';

const suite = useAppSuite({ KETE_DEMO_DATA: '1' });

const quantities = (cart: CartItem[]) =>
  Object.fromEntries(cart.map((item) => [item.product.name, item.quantity]));

/** What each row's stepper shows, by product name: what the shopper reads on this phone. */
const shownQuantities = (page: Page) =>
  page
    .locator('[data-row-quantity]')
    .evaluateAll((groups) =>
      Object.fromEntries(
        groups.map((group) => [
          (group.getAttribute('aria-label') ?? '').replace(/^Quantity of /, ''),
          group.querySelector('output')?.textContent ?? '',
        ]),
      ),
    );

const tap = async (page: Page, label: string, times: number) => {
  for (let i = 0; i < times; i += 1) await page.getByRole('button', { name: label, exact: true }).click();
};

const tickOff = async (page: Page, product: Product) => {
  await page.getByRole('button', { name: `Tick off ${product.name}` }).click();
  await page.locator(`[data-cart-row="${product.id}"]`).waitFor({ state: 'detached' });
};

const pill = (page: Page) => page.getByTestId('offline-indicator');

describe('two phones offline at once (issue 49 item 1)', () => {
  it('merge their queued steppers, ticks and removals as a person expects, in either order', async () => {
    const h = await openHousehold(suite.browser, suite.server);
    try {
      const { owner, friend } = h;
      const code = owner.shopper.shortCode;
      const find = async (text: string, test: (p: Product) => boolean) => {
        const found = (await searchApi(owner.page, owner.shopper, text)).find(test);
        if (!found) throw new Error(`no ${text} in the demo catalogue`);
        return found;
      };
      const bananas = await find('bananas', (p) => p.name.startsWith('Bananas') && p.minimumIncrement < 1);
      const cream = await find('lite cream', (p) => /lite cream/i.test(p.name) && p.minimumIncrement === 1);
      const milk = await find('milk', (p) => p.minimumIncrement === 1);
      const bread = await find('bread', (p) => p.minimumIncrement === 1);
      const eggs = await find('eggs', (p) => p.minimumIncrement === 1);
      for (const [product, quantity] of [
        [bananas, 1],
        [cream, 1],
        [milk, 1],
        [bread, 1],
        [eggs, 1],
      ] as const) {
        await callApi(owner.page, 'PUT', `/api/${code}/cart`, { productId: product.id, quantity });
      }
      for (const phone of [owner.page, friend.page]) {
        await goInApp(phone, '/w/cart');
        await phone.locator(`[data-cart-row="${eggs.id}"]`).waitFor();
      }

      // Round 1: no signal on either phone; each changes different items.
      await owner.context.setOffline(true);
      await friend.context.setOffline(true);
      await tap(friend.page, `More ${bananas.name}`, 3);
      await tap(friend.page, `More ${cream.name}`, 2);
      await tickOff(friend.page, milk);
      const friendRows = friend.page.locator('[data-row-quantity]');
      await expect.poll(() => shownQuantities(friend.page)).toMatchObject({ [cream.name]: '3' });
      expect((await shownQuantities(friend.page))[bananas.name]).toMatch(/^1\.3\s?kg$/);
      expect(await friendRows.count()).toBe(4);
      await pill(friend.page).getByText('3 changes saved on this phone').waitFor();
      await shotBothThemes(friend.page, 'offline-merge-friend-offline');
      await tap(owner.page, `More ${bread.name}`, 1);
      await tickOff(owner.page, eggs);
      await pill(owner.page).getByText('2 changes saved on this phone').waitFor();

      // The owner's phone comes back first, then the friend's.
      await owner.context.setOffline(false);
      await pill(owner.page).waitFor({ state: 'detached' });
      await friend.context.setOffline(false);
      await pill(friend.page).waitFor({ state: 'detached' });
      const afterRound1 = { [bananas.name]: 1.3, [cream.name]: 3, [bread.name]: 2 };
      await expect
        .poll(async () => quantities(await cartApi(owner.page, owner.shopper)))
        .toEqual(afterRound1);
      // Nobody else touched these items: no phone blames 'someone'.
      expect(await owner.page.getByRole('alert').count()).toBe(0);
      expect(await friend.page.getByRole('alert').count()).toBe(0);
      await owner.page.locator(`[data-cart-row="${milk.id}"]`).waitFor({ state: 'detached' });
      await friend.page.locator(`[data-cart-row="${eggs.id}"]`).waitFor({ state: 'detached' });
      await expect.poll(() => shownQuantities(owner.page)).toEqual(await shownQuantities(friend.page));
      expect(Object.keys(await shownQuantities(owner.page)).sort()).toEqual(Object.keys(afterRound1).sort());

      // Round 2, a real conflict: both change bread with no signal, the friend later; the
      // friend's phone comes back first this time.
      await owner.context.setOffline(true);
      await friend.context.setOffline(true);
      await tap(owner.page, `More ${bread.name}`, 1); // 3, made first
      await tap(owner.page, `More ${cream.name}`, 1); // 4, nobody else touches cream
      await pill(owner.page).getByText('2 changes saved on this phone').waitFor();
      // The friend's change is made a second later, as people's are: each phone stamps its change
      // with the server's time as its live stream told it, good to the quickest frame's delay (a
      // few ms here, hundreds under CI's load with few frames heard yet), so 50 ms was too close.
      await friend.page.waitForTimeout(1000);
      await tap(friend.page, `More ${bread.name}`, 2); // 4, made later
      await tickOff(friend.page, bananas);
      await friend.context.setOffline(false);
      await pill(friend.page).waitFor({ state: 'detached' });
      await owner.context.setOffline(false);
      await pill(owner.page).waitFor({ state: 'detached' });

      const afterRound2 = { [cream.name]: 4, [bread.name]: 4 };
      await expect
        .poll(async () => quantities(await cartApi(owner.page, owner.shopper)))
        .toEqual(afterRound2);
      // The owner is told their bread change lost, and who made the later one.
      const refusal = owner.page.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.count()).toBe(1);
      const said = (await refusal.textContent()) ?? '';
      expect(said).toContain(`Not saved: Change the quantity of ${bread.name}.`);
      expect(said).toMatch(/\S+ changed this item after you did, so their change was kept\./);
      expect(said).not.toContain('Someone');
      expect(await friend.page.getByRole('alert').count()).toBe(0);
      await shotBothThemes(owner.page, 'offline-merge-owner-conflict');
      await expect.poll(() => shownQuantities(owner.page)).toEqual({ [cream.name]: '4', [bread.name]: '4' });
      await expect.poll(() => shownQuantities(friend.page)).toEqual({ [cream.name]: '4', [bread.name]: '4' });
    } finally {
      await h.close();
    }
  });
});

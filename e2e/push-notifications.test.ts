// Lock-screen notifications turned on (issue 35), at 390x844 in Chromium: the settings are saved at
// once and kept, a member going shopping reaches the other's phone through a push service (local,
// decrypting with the subscription's real keys and checking the VAPID signature), the service
// worker shows that very message, a tap opens the page it names, and 'Turn off' removes it all.
// Screenshots of the page turned on, light and dark, go to /tmp/kete-shots/household.
import { mkdirSync } from 'node:fs';
import { describeTrip, type PushTopics, type ShoppingTrip } from '@kete/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPushService } from '../apps/server/src/test/push-service.js';
import { launchBrowser } from './support/browser.js';
import { controlledByServiceWorker } from './support/device-storage.js';
import { openHousehold } from './support/household.js';
import {
  deliverPush,
  fakePushManager,
  SUBSCRIBED_WITH,
  shownNotifications,
  tapNotification,
} from './support/push.js';
import { startServer } from './support/server.js';
import { callApi, shotBothThemes } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let pushService: TestPushService;

beforeAll(async () => {
  mkdirSync('/tmp/kete-shots/household', { recursive: true });
  pushService = new TestPushService();
  await pushService.start();
  // The push service is on 127.0.0.1, which the server refuses unless told it is a test.
  server = await startServer({ KETE_DEMO_DATA: '1', KETE_PUSH_ALLOW_PRIVATE: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await pushService?.close();
});

async function openNotifications(page: Page) {
  await goInApp(page, '/w/home');
  await page.getByRole('button', { name: /^Menu for/ }).click();
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.waitForURL('**/w/notifications');
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
}

/** What the server keeps for this phone's endpoint (null: it sends it nothing). */
const savedOnServer = (page: Page, endpoint: string) =>
  callApi<{ topics: PushTopics | null }>(page, 'POST', '/api/me/push/settings', { endpoint }).then(
    (answer) => answer.topics,
  );

/** Clicks, and waits for the save the click makes (PUT or DELETE /api/me/push). */
async function clickSaving(page: Page, method: 'PUT' | 'DELETE', click: () => Promise<void>) {
  const saved = page.waitForResponse(
    (r) => r.request().method() === method && new URL(r.url()).pathname === '/api/me/push',
  );
  await click();
  expect((await saved).ok()).toBe(true);
}

const switchState = (page: Page, name: string) =>
  page.getByRole('switch', { name }).getAttribute('aria-checked');

describe('notifications, turned on', () => {
  it('saves each choice at once, brings a trip to the lock screen, opens it on a tap, turns off, and is forgotten at sign-out', async () => {
    const household = await openHousehold(browser, server);
    const { page, context, shopper } = household.owner;
    const origin = new URL(server.url).origin;
    const subscription = pushService.subscribe();
    try {
      await fakePushManager(context, subscription);
      await page.goto('/w/home');
      await page.getByRole('heading', { name: 'Home' }).waitFor();
      await controlledByServiceWorker(page);
      await openNotifications(page);
      await context.grantPermissions(['notifications']);
      await clickSaving(page, 'PUT', () =>
        page.getByRole('button', { name: 'Turn on notifications' }).click(),
      );

      // On: the kinds it sends, as first chosen for everyone.
      expect(await switchState(page, "Someone goes shopping 'Sam is shopping at PAK'nSAVE Albany'")).toBe(
        'true',
      );
      expect(await switchState(page, 'Added while I shop What others put on the list during your trip')).toBe(
        'true',
      );
      expect(await page.getByRole('radio', { name: 'Daily summary' }).isChecked()).toBe(true);
      const defaults = { shopping: true, addedWhileShopping: true, drops: 'daily' };
      expect(await savedOnServer(page, subscription.endpoint)).toEqual(defaults);

      // Each change is saved as it is made.
      await clickSaving(page, 'PUT', () => page.getByRole('switch', { name: /^Added while I shop/ }).click());
      expect(await savedOnServer(page, subscription.endpoint)).toEqual({
        ...defaults,
        addedWhileShopping: false,
      });
      await clickSaving(page, 'PUT', () => page.getByRole('radio', { name: 'Instantly' }).check());
      const chosen = { shopping: true, addedWhileShopping: false, drops: 'instant' };
      expect(await savedOnServer(page, subscription.endpoint)).toEqual(chosen);

      // And kept: after a reload the page shows what was chosen.
      await page.reload();
      await page.getByRole('heading', { name: 'Notifications' }).waitFor();
      await page.getByRole('switch', { name: /^Someone goes shopping/ }).waitFor();
      expect(await switchState(page, "Someone goes shopping 'Sam is shopping at PAK'nSAVE Albany'")).toBe(
        'true',
      );
      expect(await switchState(page, 'Added while I shop What others put on the list during your trip')).toBe(
        'false',
      );
      expect(await page.getByRole('radio', { name: 'Instantly' }).isChecked()).toBe(true);
      await page.getByText('joined this list').waitFor({ state: 'detached' });
      await shotBothThemes(page, 'household/notifications-on');

      // The friend goes shopping: the server sends the owner's phone a push, encrypted for its keys
      // and signed with the key the phone subscribed with.
      const store = shopper.stores[0];
      if (!store) throw new Error('the owner has no store');
      const { trip } = await callApi<{ trip: ShoppingTrip }>(
        household.friend.page,
        'POST',
        `/api/${shopper.shortCode}/trip`,
        { storeId: store.id },
      );
      await expect.poll(() => pushService.for(subscription).length).toBe(1);
      expect(pushService.errors).toEqual([]);
      const [push] = pushService.for(subscription);
      expect(push?.publicKey).toBe(await page.evaluate((key) => localStorage.getItem(key), SUBSCRIBED_WITH));
      const url = `/a/switch/${shopper.shortCode}?to=/w/cart`;
      expect(push?.payload).toMatchObject({
        title: 'Going shopping',
        body: describeTrip(trip, store.name),
        url,
      });

      // That message, handed to the service worker, is the notification on the lock screen.
      await deliverPush(page, origin, JSON.stringify(push?.payload));
      await expect
        .poll(() => shownNotifications(page))
        .toEqual([{ title: 'Going shopping', body: describeTrip(trip, store.name), data: { url } }]);

      // A tap opens the list in the Kete window already open, and the notification goes away.
      await tapNotification(context, origin);
      await page.waitForURL('**/w/cart');
      await expect.poll(() => shownNotifications(page)).toEqual([]);

      // Turned off: the server forgets this phone and the page offers to turn it on again.
      await openNotifications(page);
      await clickSaving(page, 'DELETE', () =>
        page.getByRole('button', { name: 'Turn off on this phone' }).click(),
      );
      await page.getByRole('button', { name: 'Turn on notifications' }).waitFor();
      expect(await savedOnServer(page, subscription.endpoint)).toBeNull();
      expect(await page.evaluate((key) => localStorage.getItem(key), SUBSCRIBED_WITH)).toBeNull();

      // On again, then signing out: the phone tells the server to forget it before the session goes,
      // so the next person on this phone gets none of this member's notifications.
      await clickSaving(page, 'PUT', () =>
        page.getByRole('button', { name: 'Turn on notifications' }).click(),
      );
      expect(await savedOnServer(page, subscription.endpoint)).not.toBeNull();
      await page.goto('/w/home');
      await page.getByRole('button', { name: /^Menu for/ }).click();
      await clickSaving(page, 'DELETE', () => page.getByRole('button', { name: 'Sign out' }).click());
      await page.waitForURL('**/login**');
      expect(await page.evaluate((key) => localStorage.getItem(key), SUBSCRIBED_WITH)).toBeNull();
    } finally {
      await household.close();
    }
  });
});

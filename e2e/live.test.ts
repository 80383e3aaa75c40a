// Live changes between two phones of one household: one adds and ticks off, the other's open
// shopping list follows without a reload; revoking the friend's access ends their stream.
// On SQLite the server runs two processes (events cross through the cluster primary); with
// TEST_DATABASE_URL set, two separate servers share one PostgreSQL (events cross by NOTIFY).

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../apps/server/src/test/test-database.js';
import { launchBrowser } from './support/browser.js';
import { type Household, openHousehold } from './support/household.js';
import { type RunningServer, startServer } from './support/server.js';
import { callApi, searchApi, shot } from './support/shopper.js';
import { goInApp } from './support/sign-in.js';
import { loadSmallCatalogue } from './support/small-catalogue.js';

async function addsAndTicksShowLive(h: Household) {
  const { owner, friend } = h;
  // The stream is authenticated by header: no token ever appears in its URL.
  await goInApp(friend.page, '/w/cart');
  await friend.page.getByText('Your shopping list is empty').waitFor();
  // The stream opens once the workspace shows (home, before this screen); it stays open.
  await expect.poll(() => friend.streams.length, { timeout: 10_000 }).toBeGreaterThan(0);
  for (const request of friend.streams) {
    expect(new URL(request.url()).search).toBe('');
    expect(request.headers().authorization).toMatch(/^Bearer /);
  }

  const [milk] = await searchApi(owner.page, owner.shopper, 'milk');
  if (!milk) throw new Error('no milk');
  // Watch before the change: the toast shows for a few seconds from the event's arrival, and under
  // load the list's refetch can land after it has gone.
  const toastShown = friend.page
    .getByTestId('live-toast')
    .filter({ hasText: new RegExp(`added ${milk.name}`) })
    .waitFor();
  const rowShown = friend.page.locator(`[data-cart-row="${milk.id}"]`).waitFor();
  await callApi(owner.page, 'POST', `/api/${owner.shopper.shortCode}/cart`, {
    productId: milk.id,
    quantity: milk.minimumQuantity,
  });
  // No reload on the friend's phone: who added it shows briefly, and the row appears.
  await toastShown;
  await rowShown;
  await shot(friend.page, 'live-toast');

  // The owner ticks it off in the app; it leaves the friend's list.
  await goInApp(owner.page, '/w/cart');
  await owner.page.getByRole('button', { name: `Tick off ${milk.name}` }).click();
  await friend.page.locator(`[data-cart-row="${milk.id}"]`).waitFor({ state: 'detached' });
}

async function revokingEndsTheStream(h: Household) {
  const { owner, friend } = h;
  await goInApp(friend.page, '/w/cart');
  await friend.page.getByText('Your shopping list is empty').waitFor();
  await callApi(
    owner.page,
    'DELETE',
    `/api/${owner.shopper.shortCode}/access/${encodeURIComponent(friend.email)}`,
  );
  // The stream ends, its reconnect is refused, and the friend's screen learns it without a touch.
  await friend.page.waitForURL('**/e/403');
}

describe('live changes on SQLite, two server processes', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ KETE_DEMO_DATA: '1', KETE_WORKERS: '2' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('one phone adds and ticks off, the other follows without a reload', async () => {
    const h = await openHousehold(browser, server);
    try {
      await addsAndTicksShowLive(h);
    } finally {
      await h.close();
    }
  });

  it("revoking a member's access ends their stream", async () => {
    const h = await openHousehold(browser, server);
    try {
      await revokingEndsTheStream(h);
    } finally {
      await h.close();
    }
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('live changes on PostgreSQL, the phones on two different servers', () => {
    let first: RunningServer;
    let second: RunningServer;
    let browser: Browser;
    let database: { url: string; drop(): Promise<void> };
    beforeAll(async () => {
      database = await createScratchPostgresDatabase();
      const env = {
        DATABASE_URL: database.url,
        KETE_SECRET: 'live-test-secret-'.padEnd(48, 'x'),
        KETE_WORKERS: '1',
      };
      // A small catalogue through the operators' real ingest: seeding the demo catalogue into
      // PostgreSQL takes minutes, longer than a test may wait.
      loadSmallCatalogue(database.url);
      first = await startServer({ ...env, KETE_DEMO_DATA: '0' });
      second = await startServer({ ...env, KETE_DEMO_DATA: '0' });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await first?.close();
      await second?.close();
      await database?.drop();
    });

    it('one phone adds and ticks off, the other follows without a reload', async () => {
      const h = await openHousehold(browser, first, second);
      try {
        await addsAndTicksShowLive(h);
      } finally {
        await h.close();
      }
    });
  });
}

// Two phones on one household list: the owner (signed in with stores) grants the friend access,
// and the friend opens the owner's list. Each may be on its own server (several server processes).
import type { Browser, Request } from 'playwright-core';
import { type AppPage, openApp } from './app-page.js';
import type { RunningServer } from './server.js';
import { callApi, type Shopper, signInWithStores } from './shopper.js';
import { newShopperEmail, signInQuietly } from './sign-in.js';

export interface Household {
  owner: AppPage & { shopper: Shopper };
  /** `streams`: every live-events request the friend's phone made, from the start. */
  friend: AppPage & { email: string; streams: Request[] };
  close(): Promise<void>;
}

export async function openHousehold(
  browser: Browser,
  ownerServer: RunningServer,
  friendServer: RunningServer = ownerServer,
): Promise<Household> {
  const owner = await openApp(browser, ownerServer);
  const friend = await openApp(browser, friendServer);
  const streams: Request[] = [];
  friend.page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/events')) streams.push(request);
  });
  const shopper = await signInWithStores(owner.page, ownerServer);
  const email = newShopperEmail('friend');
  await callApi(owner.page, 'POST', `/api/${shopper.shortCode}/access`, { email });
  await signInQuietly(friend.page, friendServer, email);
  // The grant is an invitation; the friend accepts it (the screens for that: e2e/members.test.ts).
  await callApi(friend.page, 'POST', `/api/${shopper.shortCode}/access/me`);
  await friend.page.goto(`/a/switch/${shopper.shortCode}`);
  await friend.page.waitForURL('**/w/home');
  return {
    owner: { ...owner, shopper },
    friend: { ...friend, email, streams },
    async close() {
      await owner.context.close();
      await friend.context.close();
    },
  };
}

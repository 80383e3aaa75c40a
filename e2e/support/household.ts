// Two phones on one household list: the owner (signed in with stores) grants the friend access,
// and the friend opens the owner's list. Each may be on its own server (several server processes).
import type { Browser } from 'playwright-core';
import { type AppPage, openApp } from './app-page.js';
import type { RunningServer } from './server.js';
import { callApi, type Shopper, signInWithStores } from './shopper.js';
import { newShopperEmail, signIn } from './sign-in.js';

export interface Household {
  owner: AppPage & { shopper: Shopper };
  friend: AppPage & { email: string };
  close(): Promise<void>;
}

export async function openHousehold(
  browser: Browser,
  ownerServer: RunningServer,
  friendServer: RunningServer = ownerServer,
): Promise<Household> {
  const owner = await openApp(browser, ownerServer);
  const friend = await openApp(browser, friendServer);
  const shopper = await signInWithStores(owner.page, ownerServer);
  const email = newShopperEmail('friend');
  await callApi(owner.page, 'POST', `/api/${shopper.shortCode}/access`, { email });
  await signIn(friend.page, friendServer, email);
  await friend.page.goto(`/a/switch/${shopper.shortCode}`);
  await friend.page.waitForURL('**/w/home');
  return {
    owner: { ...owner, shopper },
    friend: { ...friend, email },
    async close() {
      await owner.context.close();
      await friend.context.close();
    },
  };
}

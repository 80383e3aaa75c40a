// The three seeded stores a crafted feed prices (Albany's New World and Pak'nSave, Ponsonby's
// Woolworths), and a shopper who compares exactly those: for tests that control every price.
import { ean13CheckDigit, type Store } from '@kete/shared';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { callApi } from './shopper.js';
import { signInQuietly } from './sign-in.js';

export const feedStores = {
  newWorld: {
    chain: 'newworld',
    store: '773ad0a0-024e-46c5-a94b-df1cf86d25cc',
    type: 1,
    name: /New World Albany/i,
  },
  paknsave: { chain: 'paknsave', store: '65defcf2-bc15-490e-a84f-1f13b769cd22', type: 2, name: /Albany/i },
  woolworths: { chain: 'woolworths', store: '9057', type: 3, name: /Ponsonby/i },
} as const;
export type FeedStore = (typeof feedStores)[keyof typeof feedStores];

/** A feed product with a valid barcode made from 12 digits. */
export const feedProduct = (digits: string, name: string, size: string) => ({
  productKey: `KETE-${digits}`,
  barcode: `${digits}${ean13CheckDigit(digits)}`,
  name,
  brand: 'Kete',
  size,
});

/** One feed line: the product's price at a store, last listed `ago` ms before `now`. */
export const feedLine = (at: FeedStore, product: object, price: number, now: number, ago: number) =>
  JSON.stringify({
    chain: at.chain,
    store: at.store,
    ...product,
    price,
    basePrice: price,
    promotionType: 0,
    observedAt: now - ago,
  });

/** Signs a new shopper in (through the API) whose workspace compares the three feed stores. */
export async function signInAtFeedStores(page: Page, server: RunningServer, email?: string) {
  await signInQuietly(page, server, email);
  const init = await callApi<{ workspace: { shortCode: string }; stores: { all: Store[] } }>(
    page,
    'POST',
    '/api/init/start',
  );
  const pick = (where: FeedStore) => {
    const store = init.stores.all.find((s) => s.type === where.type && where.name.test(s.name));
    if (!store) throw new Error(`no seeded store matches ${where.name}`);
    return store;
  };
  const stores = {
    newWorld: pick(feedStores.newWorld),
    paknsave: pick(feedStores.paknsave),
    woolworths: pick(feedStores.woolworths),
  };
  const shortCode = init.workspace.shortCode;
  for (const store of Object.values(stores))
    await callApi(page, 'POST', `/api/${shortCode}/stores/${store.id}`);
  await page.goto('/w/home');
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  return { shortCode, stores };
}

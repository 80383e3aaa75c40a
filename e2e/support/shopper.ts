// A signed-in shopper with stores, for the shopping flows: the stores are chosen through the API
// (store selection has its own tests), then the app starts again so it loads them.
import type { CartItem, Product, Store } from '@kete/shared';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { saveShot } from './shots.js';
import { goInApp, signInQuietly } from './sign-in.js';

export interface Shopper {
  shortCode: string;
  stores: Store[];
}

/** Calls the API as the signed-in shopper (the token from localStorage 'auth'). */
export function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { access_token?: string };
      const hasBody = body !== undefined || method === 'POST' || method === 'PUT';
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${auth.access_token}`,
          ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        },
        body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    { method, path, body },
  ) as Promise<T>;
}

/**
 * Signs a new shopper in (through the API: the screens have tests of their own) and gives their
 * workspace one store of each chain.
 */
export async function signInWithStores(page: Page, server: RunningServer, email?: string): Promise<Shopper> {
  await signInQuietly(page, server, email);
  const init = await callApi<{ workspace: { shortCode: string }; stores: { all: Store[] } }>(
    page,
    'POST',
    '/api/init/start',
  );
  const shortCode = init.workspace.shortCode;
  const stores = [1, 2, 3]
    .map((type) => init.stores.all.find((store) => store.type === type))
    .filter((store): store is Store => store !== undefined);
  for (const store of stores) await callApi(page, 'POST', `/api/${shortCode}/stores/${store.id}`);
  await page.goto('/w/home');
  await page.waitForURL('**/w/home');
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  return { shortCode, stores };
}

export const searchApi = (page: Page, shopper: Shopper, text: string) =>
  callApi<Product[]>(page, 'POST', `/api/${shopper.shortCode}/products/search`, { text });

/** Searches as a shopper does: the Search screen's box, then Enter, until the results show. */
export async function searchInApp(page: Page, text: string): Promise<void> {
  await goInApp(page, '/w/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.keyboard.press('Enter');
  await page.getByRole('list', { name: 'Search results' }).waitFor();
}

export const cartApi = (page: Page, shopper: Shopper) =>
  callApi<CartItem[]>(page, 'GET', `/api/${shopper.shortCode}/cart`);

/** Moves the mouse across an element horizontally, pressed, as a finger swipe would. */
export async function swipe(page: Page, selector: string, share: number, direction: 'left' | 'right') {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  const y = box.y + box.height / 2;
  const distance = box.width * share;
  const startX = direction === 'left' ? box.x + box.width - 5 : box.x + 5;
  const endX = direction === 'left' ? startX - distance : startX + distance;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(endX, y, { steps: 12 });
  await page.mouse.up();
}

/** Saves a screenshot for a person to look at (shots.ts: not on CI). */
export function shot(page: Page, name: string): Promise<void> {
  return saveShot(page, name);
}

/** Loads the app afresh (start-up lands on home), then goes to `path` inside it. */
export async function reloadAt(page: Page, path: string) {
  await page.goto('/w/home');
  await page.waitForURL('**/w/home');
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A screenshot in the light theme and one in the dark (the app follows the device's scheme). */
export async function shotBothThemes(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      scheme === 'dark',
    );
    await shot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForTimeout(350); // colours change with a transition (axe may read them next)
}

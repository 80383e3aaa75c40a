// What a phone holds for Kete, read in the page: its IndexedDB databases and caches, and the
// answers the app kept for offline use (KeteKept, decision 0017).
import type { Page } from 'playwright-core';

export interface DeviceStorage {
  databases: string[];
  caches: string[];
}

export function deviceStorage(page: Page): Promise<DeviceStorage> {
  return page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((db) => db.name ?? '').sort(),
    caches: (await caches.keys()).sort(),
  }));
}

/** The paths of the answers kept on this phone, with the workspace each is filed under. */
export function keptAnswers(page: Page): Promise<{ path: string; workspace: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('KeteKept');
        open.onerror = () => resolve([]);
        open.onupgradeneeded = () => {
          // Not there: opening created it empty; nothing was kept.
          open.transaction?.abort();
          resolve([]);
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('Answer')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('Answer').objectStore('Answer').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { key: string; workspace: string }[]).map((a) => ({
                path: a.key.slice(a.key.indexOf(' ') + 1),
                workspace: a.workspace,
              })),
            );
          };
          all.onerror = () => resolve([]);
        };
      }),
  );
}

/** Waits until the phone has kept the answer to this path (written in batches after it arrives). */
export async function waitUntilKept(page: Page, path: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await keptAnswers(page)).some((answer) => answer.path === path)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`${path} was never kept`);
}

/** Waits until the service worker controls the page, so the app's code is there offline. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

// Sign-out leaves nothing behind (issue 32, decision 0017): every IndexedDB database of this origin
// (the settings and outbox, KeteKept's answers, and workbox-expiration, which an older version's
// service worker filled with the last user's API addresses), every cache but the service worker's
// precache (the app's own code, the same for everyone, needed to open offline), and the app's
// localStorage but the theme (a setting of the device, not of a person).
import { DATABASE_NAME } from '../../lib/local-db-name.js';
import { THEME_KEY } from '../theme/theme.js';
import { forgetKeptAnswers, KEPT_DATABASE_NAME } from './kept-answers.js';

/** Databases an older version made, deleted even where the browser cannot list them. */
const LEGACY_DATABASES = ['workbox-expiration'];
/** Caches an older version's service worker filled (GET /api answers). */
const LEGACY_CACHES = ['kete-api'];
const PRECACHE = /^workbox-precache/;

async function databaseNames(): Promise<string[]> {
  const known = [DATABASE_NAME, KEPT_DATABASE_NAME, ...LEGACY_DATABASES];
  try {
    const listed = (await indexedDB.databases()).map((db) => db.name).filter((n): n is string => !!n);
    return [...new Set([...known, ...listed])];
  } catch {
    return known;
  }
}

/** Resolves once deleted, or once the deletion waits for another holder (it completes when they close). */
function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
      request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}

async function deleteCaches(keep: (name: string) => boolean): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !keep(name)).map((name) => caches.delete(name)));
  } catch (error) {
    console.error('Cache error', error);
  }
}

function forgetStoredKeys(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('kete:') && key !== THEME_KEY) localStorage.removeItem(key);
    }
  } catch {
    // Storage not available: nothing was kept there.
  }
}

export async function wipeDevice(): Promise<void> {
  forgetKeptAnswers();
  forgetStoredKeys();
  if (typeof indexedDB === 'undefined') return;
  await Promise.all([
    databaseNames().then((names) => Promise.all(names.map(deleteDatabase))),
    deleteCaches((name) => PRECACHE.test(name)),
  ]);
}

/** An older version's API cache and its expiry database: gone once this version runs. */
export async function forgetLegacyStores(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await Promise.all([
    ...LEGACY_DATABASES.map(deleteDatabase),
    deleteCaches((name) => !LEGACY_CACHES.includes(name)),
  ]);
}

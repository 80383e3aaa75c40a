// Serialised answers (UTF-8 JSON) kept per process while the catalogue stays the same: a search's
// results, a shopping list. Kept as bytes: outside the JavaScript heap (whose garbage collector
// grows the heap in proportion to what stays alive), half the size of a string holding a name such
// as "Māori" (one such character makes the whole string two bytes a character), and sent to the
// socket as they are instead of encoded again on every send. Cleared with every catalogue cache.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { catalogueCache } from './catalogue-cache.js';

/** Prices change only with an ingest (which clears the caches); this only bounds an entry's life. */
const ANSWER_TTL_MS = 60_000;
/** Each cache's bound: a search answer is ~62 KB, a 60-item shopping list ~85 KB. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** A set of stores as part of a key: the same stores in any order are the same answer. */
export const storeSetKey = (storeIds: number[]) => [...storeIds].sort((a, b) => a - b).join(',');

export function answerCache(db: Kysely<DB>, name: string, maxEntries: number) {
  const cache = catalogueCache<Buffer>(db, name, ANSWER_TTL_MS, {
    maxEntries,
    maxBytes: MAX_ANSWER_BYTES,
    sizeOf: (answer) => answer.length,
  });
  return {
    /** The answer kept under `key`, or `compute`'s JSON, kept from now on. */
    get: (key: string, compute: () => Promise<string>): Promise<Buffer> =>
      cache.get(key, async () => Buffer.from(await compute(), 'utf8')),
    clear: () => cache.clear(),
  };
}

// Recent searches' matching product ids, per database, for a minute. Shoppers repeat a small set
// of searches ("milk", "bread") and the ranking is the costly part; prices are still read fresh
// per request. The catalogue changes through the ingest (another process), so a new product can
// take up to a minute to appear in a repeated search.
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';

const TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;

type Entry = { ids: number[]; until: number };
const caches = new WeakMap<Kysely<DB>, Map<string, Entry>>();

export async function cachedIds(
  db: Kysely<DB>,
  key: string,
  compute: () => Promise<number[]>,
): Promise<number[]> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.ids;
  const ids = await compute();
  cache.delete(key);
  cache.set(key, { ids, until: now + TTL_MS });
  // Map keeps insertion order: the first key is the oldest.
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return ids;
}

// Two short-lived, per-process caches in front of search. Shoppers repeat a small set of searches
// ("milk", "bread"), and per request the ranking and then pricing, validating and serialising 50
// products are the costly parts (about 1.4 ms of CPU, which caps one process well below what 50
// phones at once need). An ingest in any process of this server clears both (the process bus);
// one in another program (the operators' CLI, another machine) shows up within the time-to-live.
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { announceCatalogueChanged, catalogueCache } from '../../../lib/catalogue-cache.js';

/** Which products match a text: changes only when the catalogue's products change. */
const IDS_TTL_MS = 60_000;
/** The priced answer for a set of stores: prices change only with an ingest. */
const ANSWER_TTL_MS = 10_000;
const MAX_IDS = 2_000;
const MAX_ANSWERS = 500;

const idsCache = (db: Kysely<DB>) => catalogueCache<number[]>(db, 'search-ids', IDS_TTL_MS, MAX_IDS);
const answersCache = (db: Kysely<DB>) =>
  catalogueCache<string>(db, 'search-answers', ANSWER_TTL_MS, MAX_ANSWERS);

export const cachedIds = (db: Kysely<DB>, key: string, compute: () => Promise<number[]>) =>
  idsCache(db).get(key, compute);

/** The serialised answer for a search key at a set of stores. */
export const cachedAnswer = (
  db: Kysely<DB>,
  key: string,
  storeIds: number[],
  compute: () => Promise<string>,
) => answersCache(db).get(`${[...storeIds].sort((a, b) => a - b).join(',')}|${key}`, compute);

/**
 * After the catalogue changed: this process forgets its answers at once, and every other
 * server process of this machine (KETE_WORKERS) hears it over the process bus.
 */
export function clearSearchCaches(db: Kysely<DB>): void {
  idsCache(db).clear();
  answersCache(db).clear();
  announceCatalogueChanged();
}

// Two per-process caches in front of search. Shoppers repeat a small set of searches ("milk",
// "bread"), and per request the ranking and then pricing, validating and serialising 50 products
// are the costly parts. An ingest in any process of this server clears both (the process bus); one
// in another program (the operators' CLI, another machine) within about a second, when the
// catalogue's version moves (lib/catalogue-version.ts). The time-to-live only bounds their size.
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { type AnswerCompute, answerCache, storeSetKey } from '../../../lib/answer-cache.js';
import { announceCatalogueChanged, catalogueCache } from '../../../lib/catalogue-cache.js';

/** Which products match a text: changes only when the catalogue's products change. */
const IDS_TTL_MS = 10 * 60_000;
const MAX_IDS = 2_000;
/** Priced answers (lib/answer-cache.ts): about 62 KB each. */
const MAX_ANSWERS = 500;

const idsCache = (db: Kysely<DB>) => catalogueCache<number[]>(db, 'search-ids', IDS_TTL_MS, MAX_IDS);
const answersCache = (db: Kysely<DB>) => answerCache(db, 'search-answers', MAX_ANSWERS);

export const cachedIds = (db: Kysely<DB>, key: string, compute: () => Promise<number[]>) =>
  idsCache(db).get(key, compute);

/** The serialised answer (UTF-8 JSON bytes) for a search key at a set of stores. */
export const cachedAnswer = (
  db: Kysely<DB>,
  key: string,
  storeIds: number[],
  compute: AnswerCompute,
): Promise<Buffer> => answersCache(db).get(`${storeSetKey(storeIds)}|${key}`, compute);

/**
 * After the catalogue changed: this process forgets its answers at once, and every other
 * server process of this machine (KETE_WORKERS) hears it over the process bus.
 */
export function clearSearchCaches(db: Kysely<DB>): void {
  idsCache(db).clear();
  answersCache(db).clear();
  announceCatalogueChanged();
}

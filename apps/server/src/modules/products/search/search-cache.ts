// Two short-lived, per-process caches in front of search. Shoppers repeat a small set of searches
// ("milk", "bread"), and per request the ranking and then pricing, validating and serialising 50
// products are the costly parts (about 1.4 ms of CPU, which caps one process well below what 50
// phones at once need). An ingest in any process of this server clears both (the process bus);
// one in another program (the operators' CLI, another machine) shows up within the time-to-live.
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { onProcessMessage, publishToAllProcesses } from '../../../lib/process-bus.js';

/** Process-bus topic: the catalogue (products or prices) changed. */
export const CATALOGUE_CHANGED = 'catalogue-changed';

/** Which products match a text: changes only when the catalogue's products change. */
const IDS_TTL_MS = 60_000;
/** The priced answer for a set of stores: prices change only with an ingest. */
const ANSWER_TTL_MS = 10_000;
const MAX_IDS = 2_000;
const MAX_ANSWERS = 500;

type Entry<T> = { value: T; until: number };

class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await compute();
    this.entries.delete(key);
    this.entries.set(key, { value, until: now + this.ttlMs });
    // A Map keeps insertion order: the first key is the oldest.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

interface SearchCaches {
  ids: TtlCache<number[]>;
  answers: TtlCache<string>;
  /** The catalogue generation these entries were computed in. */
  generation: number;
}

/** Bumped whenever any process of this server changes the catalogue (see ingest). */
let catalogueGeneration = 0;
onProcessMessage((message) => {
  if (message.topic === CATALOGUE_CHANGED) catalogueGeneration += 1;
});

const caches = new WeakMap<Kysely<DB>, SearchCaches>();

function cachesOf(db: Kysely<DB>): SearchCaches {
  let found = caches.get(db);
  if (!found) {
    found = {
      ids: new TtlCache(IDS_TTL_MS, MAX_IDS),
      answers: new TtlCache(ANSWER_TTL_MS, MAX_ANSWERS),
      generation: catalogueGeneration,
    };
    caches.set(db, found);
  } else if (found.generation !== catalogueGeneration) {
    found.ids.clear();
    found.answers.clear();
    found.generation = catalogueGeneration;
  }
  return found;
}

export const cachedIds = (db: Kysely<DB>, key: string, compute: () => Promise<number[]>) =>
  cachesOf(db).ids.get(key, compute);

/** The serialised answer for a search key at a set of stores. */
export const cachedAnswer = (
  db: Kysely<DB>,
  key: string,
  storeIds: number[],
  compute: () => Promise<string>,
) => cachesOf(db).answers.get(`${[...storeIds].sort((a, b) => a - b).join(',')}|${key}`, compute);

/**
 * After the catalogue changed: this process forgets its answers at once, and every other
 * server process of this machine (KETE_WORKERS) hears it over the process bus.
 */
export function clearSearchCaches(db: Kysely<DB>): void {
  caches.get(db)?.ids.clear();
  caches.get(db)?.answers.clear();
  publishToAllProcesses(CATALOGUE_CHANGED);
}

// Short-lived, per-process caches of what only changes when the catalogue does (search matches,
// priced answers, a store's specials). Every cache is cleared when any process of this server
// changes the catalogue (an ingest publishes CATALOGUE_CHANGED on the process bus); a change made
// by another program (the operators' CLI, another machine) shows up within the time-to-live.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { onProcessMessage, publishToAllProcesses } from './process-bus.js';

/** Process-bus topic: the catalogue (products or prices) changed. */
export const CATALOGUE_CHANGED = 'catalogue-changed';

let catalogueGeneration = 0;
onProcessMessage((message) => {
  if (message.topic === CATALOGUE_CHANGED) catalogueGeneration += 1;
});

/** Every cache of every process forgets what it holds (call after changing the catalogue). */
export function announceCatalogueChanged(): void {
  publishToAllProcesses(CATALOGUE_CHANGED);
}

type Entry<T> = { value: T; until: number };

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = catalogueGeneration;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.generation !== catalogueGeneration) this.clear();
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
    this.generation = catalogueGeneration;
  }
}

const perDatabase = new WeakMap<Kysely<DB>, Map<string, TtlCache<unknown>>>();

/** The cache called `name` for this database (tests open many databases in one process). */
export function catalogueCache<T>(
  db: Kysely<DB>,
  name: string,
  ttlMs: number,
  maxEntries: number,
): TtlCache<T> {
  let caches = perDatabase.get(db);
  if (!caches) {
    caches = new Map();
    perDatabase.set(db, caches);
  }
  let cache = caches.get(name);
  if (!cache) {
    cache = new TtlCache<unknown>(ttlMs, maxEntries);
    caches.set(name, cache);
  }
  return cache as TtlCache<T>;
}

// Per-process caches of what only changes when the catalogue does (search matches, priced
// answers, a store's specials). Every cache is cleared when any process of this server changes the
// catalogue (an ingest publishes CATALOGUE_CHANGED on the process bus), and when a process sees
// the catalogue's version move (catalogue-version.ts: a change by another program, the operators'
// CLI or another machine, seen within a second); the time-to-live only bounds how long an entry
// may be kept at all.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { watchCatalogueVersion } from './catalogue-version.js';
import { namedPerDatabase } from './per-database.js';
import { onProcessMessage, publishToAllProcesses } from './process-bus.js';
import { SharedReads } from './shared-reads.js';

/** Process-bus topic: the catalogue (products or prices) changed. */
export const CATALOGUE_CHANGED = 'catalogue-changed';

let generation = 0;
const listeners = new Set<() => void>();

/** This process forgets every catalogue cache it holds. */
export function catalogueChangedHere(): void {
  generation += 1;
  for (const listener of listeners) listener();
}
onProcessMessage((message) => {
  if (message.topic === CATALOGUE_CHANGED) catalogueChangedHere();
});

/** Calls `listener` whenever this process's catalogue caches are to be forgotten. */
export function onCatalogueChanged(listener: () => void): void {
  listeners.add(listener);
}

/** Moves on every time this process forgets its catalogue caches. */
export const catalogueGeneration = () => generation;

/** Every cache of every process forgets what it holds (call after changing the catalogue). */
export function announceCatalogueChanged(): void {
  publishToAllProcesses(CATALOGUE_CHANGED);
}

type Entry<T> = { value: T; until: number; bytes: number };

export interface CacheLimits<T> {
  maxEntries: number;
  /** With sizeOf: the most bytes the entries may hold together (oldest out first). */
  maxBytes?: number;
  sizeOf?: (value: T) => number;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly reads = new SharedReads<T>();
  private seenGeneration = generation;
  private bytes = 0;
  private readonly limits: CacheLimits<T>;

  constructor(
    private readonly ttlMs: number,
    limits: number | CacheLimits<T>,
  ) {
    this.limits = typeof limits === 'number' ? { maxEntries: limits } : limits;
  }

  /** The kept value, or `compute()`'s; requests that miss together share one (shared-reads.ts). */
  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const began = generation;
    return this.reads.run(key, began, async () => {
      const now = Date.now();
      const value = await compute();
      // The catalogue changed while it was read: answer it (it began before the change), but do
      // not keep it, nor let it replace what a read begun after the change kept.
      if (generation !== began) return value;
      this.remove(key);
      const bytes = this.limits.sizeOf?.(value) ?? 0;
      this.entries.set(key, { value, until: now + this.ttlMs, bytes });
      this.bytes += bytes;
      // A Map keeps insertion order: the first key is the oldest.
      const maxBytes = this.limits.maxBytes ?? Number.POSITIVE_INFINITY;
      while (this.entries.size > this.limits.maxEntries || (this.bytes > maxBytes && this.entries.size > 1))
        this.remove(this.entries.keys().next().value as string);
      return value;
    });
  }

  /** The value kept under `key` while it lives, or undefined. */
  peek(key: string): T | undefined {
    if (this.seenGeneration !== generation) this.clear();
    const hit = this.entries.get(key);
    return hit && hit.until > Date.now() ? hit.value : undefined;
  }

  /** How many entries and bytes (by sizeOf) it holds now. */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.seenGeneration = generation;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}

const perDatabase = namedPerDatabase<TtlCache<unknown>>();

/** The cache called `name` for this database (tests open many databases in one process). */
export function catalogueCache<T>(
  db: Kysely<DB>,
  name: string,
  ttlMs: number,
  limits: number | CacheLimits<T>,
): TtlCache<T> {
  watchCatalogueVersion(db);
  return perDatabase(
    db,
    name,
    () => new TtlCache<unknown>(ttlMs, limits as number | CacheLimits<unknown>),
  ) as TtlCache<T>;
}

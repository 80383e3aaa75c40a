// The catalogue's version: one row (catalogue_facts 'catalogue-version') that every ingest moves
// once it has committed. Each server process reads it at most once a second, without making any
// request wait, and forgets its catalogue caches when it moved: so a change by another program
// (the operators' CLI, a server on another machine sharing PostgreSQL) is seen within about a
// second, and the caches need no short time-to-live to stay correct. Within one machine the
// process bus (CATALOGUE_CHANGED) is faster still.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { catalogueChangedHere } from './catalogue-cache.js';

const VERSION = 'catalogue-version';
/** How often a process asks whether the catalogue moved. */
export const VERSION_CHECK_MS = 1_000;

/** A new version after a change to products or prices (call once it is committed). */
export async function moveCatalogueVersion(db: Kysely<DB>): Promise<void> {
  const value = randomUUID();
  await db
    .insertInto('catalogue_facts')
    .values({ key: VERSION, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  // This process announces its own change on the process bus: it need not hear it twice.
  const watch = watches.get(db);
  if (watch) watch.seen = value;
}

async function readVersion(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('catalogue_facts')
    .select('value')
    .where('key', '=', VERSION)
    .executeTakeFirst();
  return row?.value ?? '';
}

interface Watch {
  seen?: string;
  checkedAt: number;
  checking: boolean;
}
const watches = new WeakMap<Kysely<DB>, Watch>();

/**
 * Called by every catalogue cache when it is used: at most once per VERSION_CHECK_MS it reads the
 * version in the background, and this process forgets its caches if it moved since last read.
 */
export function watchCatalogueVersion(db: Kysely<DB>): void {
  let watch = watches.get(db);
  if (!watch) {
    watch = { checkedAt: 0, checking: false };
    watches.set(db, watch);
  }
  const now = Date.now();
  if (watch.checking || now - watch.checkedAt < VERSION_CHECK_MS) return;
  const current = watch;
  current.checking = true;
  current.checkedAt = now;
  readVersion(db)
    .then((value) => {
      // The first read forgets too: what was cached while it was on its way may be older.
      if (current.seen !== value) catalogueChangedHere();
      current.seen = value;
    })
    // The database may be unavailable for a moment: the next use asks again.
    .catch(() => {})
    .finally(() => {
      current.checking = false;
    });
}

// Caches are kept per database (tests open many databases in one process) and by name (a service
// may be built more than once, and must find the cache it made before).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** A lookup of things made once per (database, name): `make` runs only the first time. */
export function namedPerDatabase<T>(): (db: Kysely<DB>, name: string, make: () => T) => T {
  const byDatabase = new WeakMap<Kysely<DB>, Map<string, T>>();
  return (db, name, make) => {
    let named = byDatabase.get(db);
    if (!named) {
      named = new Map();
      byDatabase.set(db, named);
    }
    let found = named.get(name);
    if (found === undefined) {
      found = make();
      named.set(name, found);
    }
    return found;
  };
}

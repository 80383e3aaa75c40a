// Bookkeeping writes: counters whose loss in a crash harms nobody (a rate limit's hits). On SQLite
// they do not wait for their group's commit (sqlite-group-commit.ts): the change they guard waits
// for its own commit, which comes after theirs, so by the time anyone hears back both are durable.
// Without this every write request waited for two commits in a row. On PostgreSQL they run on
// sessions that commit without waiting for the WAL's flush (database.ts), to the same effect.
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, QueryId } from 'kysely';
import type { DB } from './schema.js';

const marked = new WeakSet<QueryId>();

const plugin: KyselyPlugin = {
  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    marked.add(queryId);
    return node;
  },
  transformResult: async ({ result }) => result,
};

/** PostgreSQL: the instance over sessions with synchronous_commit off, kept for each server instance. */
const unflushed = new WeakMap<Kysely<DB>, Kysely<DB>>();

export function useForBookkeeping(db: Kysely<DB>, counters: Kysely<DB>): void {
  unflushed.set(db, counters);
}

/** The same database, whose writes are bookkeeping: answered before they are durable. */
export const bookkeeping = (db: Kysely<DB>): Kysely<DB> => unflushed.get(db) ?? db.withPlugin(plugin);

export const isBookkeeping = (query: { queryId: QueryId }): boolean => marked.has(query.queryId);

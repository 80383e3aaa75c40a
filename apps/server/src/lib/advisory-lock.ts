// A lock on a name for the rest of a transaction, so "count, then insert" cannot race.
// PostgreSQL: a transaction-scoped advisory lock on the name's hash. SQLite: nothing more is
// needed, as every write transaction begins immediate (db/database.ts) and so runs one at a time
// across processes.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';

export async function lockName(trx: Kysely<DB>, dialect: Dialect, name: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

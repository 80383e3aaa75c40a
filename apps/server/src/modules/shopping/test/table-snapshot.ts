// Every row of every table, to prove a refused request changed nothing at all.
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';

/**
 * Bookkeeping about the requester, not data: the write limit counts every write a user attempts,
 * refused ones included (a stranger hammering someone else's workspace is limited too).
 */
const REQUESTER_BOOKKEEPING = new Set(['rate_limits']);

/** This database's own tables: on PostgreSQL only the test's schema is read (Kysely's
 * introspection reads every schema, and other test files drop theirs meanwhile). */
async function tableNames(ctx: AppContext): Promise<string[]> {
  const { rows } =
    ctx.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(ctx.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(ctx.db);
  return rows.map((row) => row.name).filter((name) => !REQUESTER_BOOKKEEPING.has(name));
}

export async function snapshotTables(ctx: AppContext): Promise<Record<string, string[]>> {
  const tables = await tableNames(ctx);
  const snapshot: Record<string, string[]> = {};
  for (const name of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(ctx.db);
    // Row order is not guaranteed without ORDER BY; sorting makes two snapshots comparable.
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

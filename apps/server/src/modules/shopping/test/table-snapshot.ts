// Every row of every table, to prove a refused request changed nothing at all.
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';

/**
 * Bookkeeping about the requester, not data: the write limit counts every write a user attempts,
 * refused ones included (a stranger hammering someone else's workspace is limited too).
 */
const REQUESTER_BOOKKEEPING = new Set(['rate_limits']);

export async function snapshotTables(ctx: AppContext): Promise<Record<string, string[]>> {
  const schema =
    ctx.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db)).rows[0]?.schema
      : undefined;
  const tables = (await ctx.db.introspection.getTables()).filter(
    (table) =>
      !table.isView &&
      !REQUESTER_BOOKKEEPING.has(table.name) &&
      (schema === undefined || table.schema === schema),
  );
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(
      ctx.db,
    );
    // Row order is not guaranteed without ORDER BY; sorting makes two snapshots comparable.
    snapshot[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

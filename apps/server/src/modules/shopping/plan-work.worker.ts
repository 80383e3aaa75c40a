// The plan worker's thread (issue 44 item 6, decision 0023): a 500-item 'Any brand' plan reads
// ~20,000 offers and solves for seconds; on the main thread that stalled every other request of
// its server process (another client's /api/health p95 15 ms -> 80-290 ms under 4 such plans on
// PostgreSQL). Here it has its own database connection: on SQLite a read-only one beside the
// server's (WAL), on PostgreSQL a pool of its own, so it neither blocks the event loop nor takes
// the server's connections. Started by piscina (plan-worker.ts); plain data in and out.
import { constants, setPriority } from 'node:os';
import { PlanRequestError } from '@kete/shared';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
// For its side effect too: PostgreSQL's bigint and numeric read as numbers, as the server's.
import '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { type PlanWork, workOutPlan } from './plan-work.js';

export type PlanSource = { postgres: string } | { sqliteFile: string };
export type PlanOutcome =
  | { plan: import('@kete/shared').Plan }
  | { refused: { field: string | undefined; message: string } };

let db: Kysely<DB> | undefined;

// On Linux a nice value belongs to the thread that sets it (setpriority with pid 0): this worker
// yields the CPU to its process's main thread, so answering others comes before any plan.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // Not allowed here (a container may forbid it): the plan runs at the usual priority.
}

function open(source: PlanSource): Kysely<DB> {
  if ('postgres' in source) {
    const pool = new pg.Pool({
      connectionString: source.postgres,
      max: 2,
      options: '-c max_parallel_workers_per_gather=0',
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const database = new SqliteDatabase(source.sqliteFile, { readonly: true, fileMustExist: true });
  database.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}

export default async function planWork(task: PlanWork & { source: PlanSource }): Promise<PlanOutcome> {
  db ??= open(task.source);
  try {
    return { plan: await workOutPlan(db, task) };
  } catch (error) {
    // A class does not survive the trip between threads: its fields do.
    if (error instanceof PlanRequestError) return { refused: { field: error.field, message: error.message } };
    throw error;
  }
}

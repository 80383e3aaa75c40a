// One query builder over two engines: better-sqlite3 (embedded default) and pg (scale-out).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter } from 'kysely';
import pg from 'pg';
import { useForBookkeeping } from './bookkeeping.js';
import { groupingDialect } from './postgres-grouping-driver.js';
import { poolDroppingEndedSessions, StatementNames } from './postgres-pool.js';
import { GROUP_LOCK_WAIT_MS, GROUPS_IN_FLIGHT, StatementGroups } from './postgres-statement-groups.js';
import type { DB } from './schema.js';
import { GroupCommitSqliteDialect, type Handle } from './sqlite-group-commit.js';
import { WalSync } from './wal-sync.js';
import { watchedDialect } from './watched-writes.js';
import { WriteTurns } from './write-turns.js';

export type Dialect = 'sqlite' | 'postgres';

/** The engine behind a Kysely instance, for code that is handed only the instance. */
export const dialectOf = (db: Kysely<DB>): Dialect =>
  db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL only: the schema our tables live in. */
  schema?: string;
  /** PostgreSQL only: the main pool's connections, for GET /metrics. */
  poolStats?: () => { inUse: number; waiting: number; total: number };
  close(): Promise<void>;
}

// int8 (counts, epoch-millisecond times) arrives as a string by default; every value we store
// fits well inside Number.MAX_SAFE_INTEGER, so read it as a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // Every acknowledged commit is durable, even across a power cut, not just kill -9: FULL fsyncs
  // the log inside each COMMIT. A file database flushes it after COMMIT instead, off the event loop,
  // and answers nobody before the flush is done (wal-sync.ts); NORMAL leaves that flush to us.
  const wal = file === ':memory:' ? undefined : new WalSync(file);
  sqlite.pragma(wal ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Changes that arrive together share one durable commit, and every write transaction begins
  // immediate so several processes never refuse each other's writes (sqlite-group-commit.ts).
  const db = new Kysely<DB>({
    dialect: watchedDialect(
      new GroupCommitSqliteDialect({
        database: withStatementCache(sqlite),
        ...(file === ':memory:'
          ? {}
          : { reader: withStatementCache(openReader(file)), turns: new WriteTurns(file), wal }),
      }),
    ),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** The second connection, for reads outside transactions: WAL lets it read while the other writes. */
function openReader(file: string): SqliteDatabase.Database {
  const reader = new SqliteDatabase(file);
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  return reader;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and better-sqlite3 compiles SQL on each prepare(). The same
 * few dozen statements serve every request, so keep the compiled ones (least recently used out).
 * Safe because Kysely runs a statement to completion (all/run) before the next one starts.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): Handle {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

export interface PostgresOptions {
  /** Use this schema (search_path) instead of public; the test suite gives each file its own. */
  schema?: string;
  maxConnections?: number;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  // Both pools name the same statements alike (each connection prepares a name once).
  const names = new StatementNames();
  // The shopping list's changes share commits (postgres-statement-groups.ts), on connections of
  // their own in pipeline mode, where a statement waits for a lock at most GROUP_LOCK_WAIT_MS (then
  // it goes alone on the main pool and the rest go on), and a connection gone silent is noticed.
  const groups = new StatementGroups(
    postgresPool(url, options, GROUPS_IN_FLIGHT, [`-c lock_timeout=${GROUP_LOCK_WAIT_MS}`], {
      pipeline: true,
      keepAlive: true,
    }),
    names,
  );
  const mainPool = postgresPool(url, options, options.maxConnections ?? 10);
  const db = new Kysely<DB>({
    dialect: watchedDialect(
      groupingDialect(
        new PostgresDialect({
          pool: poolDroppingEndedSessions(mainPool, names),
        }),
        groups,
      ),
    ),
  });
  // Bookkeeping (a rate limit's hits) commits without waiting for the WAL's flush: losing the last
  // few counts in a crash lets a few more requests through, and waiting made every write request
  // wait for two flushes in a row, the second hit of a busy user queued behind the first's flush.
  const counters = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: poolDroppingEndedSessions(postgresPool(url, options, 3, ['-c synchronous_commit=off'])),
    }),
  });
  useForBookkeeping(db, counters);
  return {
    db,
    dialect: 'postgres',
    schema: options.schema ?? 'public',
    poolStats: () => ({
      inUse: mainPool.totalCount - mainPool.idleCount,
      waiting: mainPool.waitingCount,
      total: mainPool.totalCount,
    }),
    close: async () => {
      await Promise.all([db.destroy(), counters.destroy()]);
    },
  };
}

function postgresPool(
  url: string,
  options: PostgresOptions,
  max: number,
  settings: string[] = [],
  client: { pipeline?: boolean; keepAlive?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    ...client,
    connectionString: url,
    max,
    // Every read Kete makes is a small keyed lookup. A stale row estimate made PostgreSQL plan a
    // product's history (0.4 ms of work) with two parallel workers, whose start-up took the query
    // to 7 ms (decision 0011); no request here gains from parallel workers.
    options: [
      '-c max_parallel_workers_per_gather=0',
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
      ...settings,
    ].join(' '),
    // While PostgreSQL is down or restarting a request fails within this (503, db/unavailable.ts)
    // instead of waiting for a connection without end.
    connectionTimeoutMillis: 5000,
  });
  // A connection that PostgreSQL ends (a restart) errors on its client, and an idle one on the pool
  // too; unhandled, either would end the process. A request holding it fails (503), and the pool
  // drops it and connects afresh on the next query.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', (error) => {
    console.error(
      `PostgreSQL connection lost (${(error as { code?: string }).code ?? error.message}); reconnecting on next use`,
    );
  });
  return pool;
}

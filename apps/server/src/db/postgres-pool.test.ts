// A connection whose PostgreSQL session was ended under a query is not handed out again: the next
// query gets a fresh session. Runs against TEST_DATABASE_URL in both projects, as the other
// PostgreSQL-only tests do, so neither run skips it.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { bookkeeping } from './bookkeeping.js';
import { openPostgres } from './database.js';
import { poolDroppingEndedSessions, StatementNames } from './postgres-pool.js';

const url = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("Kete's PostgreSQL pool", () => {
  it('drops a connection whose session PostgreSQL ended, so the very next query succeeds', async () => {
    if (!url) throw new Error('needs TEST_DATABASE_URL');
    // One connection: the next query can only be given the ended one or a fresh one.
    const { db, close } = openPostgres(url, { maxConnections: 1 });
    cleanups.push(close);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());

    for (let round = 0; round < 5; round += 1) {
      const pidOf = async () =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;
      const before = await pidOf();
      const sleeping = sql`select pg_sleep(30)`.execute(db).then(
        () => 'finished',
        (error: { code?: string }) => error.code,
      );
      await expect
        .poll(
          async () =>
            (
              await admin.query(`select 1 from pg_stat_activity where pid = $1 and query like '%pg_sleep%'`, [
                before,
              ])
            ).rowCount,
        )
        .toBe(1);
      await admin.query('select pg_terminate_backend($1)', [before]);
      // admin_shutdown: PostgreSQL ended the session under the query.
      expect(await sleeping).toBe('57P01');
      // Straight away, before the closed socket may have been noticed.
      const after = await pidOf();
      expect(after).not.toBe(before);
    }
  });

  it('prepares a statement run again once per connection, and names only so many texts', async () => {
    if (!url) throw new Error('needs TEST_DATABASE_URL');
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const db = new Kysely<Record<string, never>>({
      dialect: new PostgresDialect({ pool: poolDroppingEndedSessions(pool, new StatementNames(2)) }),
    });
    cleanups.push(() => db.destroy());
    const prepared = async () =>
      (
        await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements order by statement`.execute(db)
      ).rows.map((row) => row.statement);
    const double = (n: number) => sql<{ n: number }>`select ${n}::int * 2 as n`.execute(db);

    const both = [
      'select $1::int * 2 as n',
      'select statement from pg_prepared_statements order by statement',
    ];
    // Run once: not prepared; run again: prepared, and every run still answers its own values.
    expect((await double(1)).rows).toEqual([{ n: 2 }]);
    expect(await prepared()).toEqual([]);
    expect((await double(2)).rows).toEqual([{ n: 4 }]);
    expect((await double(3)).rows).toEqual([{ n: 6 }]);
    // (This read is itself run for the second time: it is prepared before it runs.)
    expect(await prepared()).toEqual(both);

    // At most 2 texts are named: a third text run again and again stays unnamed.
    for (let i = 0; i < 3; i += 1)
      expect((await sql`select ${i}::int + 1 as n`.execute(db)).rows).toEqual([{ n: i + 1 }]);
    expect(await prepared()).toEqual(both);
    // Transaction control is never prepared.
    await db.transaction().execute(async (trx) => sql`select 1`.execute(trx));
    await db.transaction().execute(async (trx) => sql`select 1`.execute(trx));
    expect(await prepared()).toHaveLength(2);
  });

  it("commits bookkeeping (a rate limit's hits) without waiting for the WAL flush, and nothing else", async () => {
    if (!url) throw new Error('needs TEST_DATABASE_URL');
    const { db, close } = openPostgres(url);
    cleanups.push(close);
    const setting = async (on: typeof db) =>
      (await sql<{ value: string }>`select current_setting('synchronous_commit') as value`.execute(on))
        .rows[0]?.value;
    expect(await setting(bookkeeping(db))).toBe('off');
    expect(await setting(db)).toBe('on');
    await db.transaction().execute(async (trx) => {
      expect(await setting(trx)).toBe('on');
    });
  });
});

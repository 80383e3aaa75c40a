// A connection whose PostgreSQL session was ended under a query is not handed out again: the next
// query gets a fresh session. Runs against TEST_DATABASE_URL in both projects, as the other
// PostgreSQL-only tests do, so neither run skips it.
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from './database.js';

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
});

// Several server processes write one SQLite file (KETE_WORKERS). A transaction that reads and then
// writes must not be refused because another process wrote in between: that is what a deferred
// `begin` does (SQLITE_BUSY at the first write, with no wait), and why ours begin immediate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './database.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite transactions across processes', () => {
  it('a read-then-write transaction keeps its turn when another connection writes meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kete-sqlite-tx-'));
    dirs.push(dir);
    const file = join(dir, 'kete.sqlite');
    const ours = openSqlite(file);
    await sql`create table counter (id integer primary key, n integer not null)`.execute(ours.db);
    await sql`insert into counter (id, n) values (1, 0)`.execute(ours.db);
    // Another process: its own connection to the same file (no waiting, to keep the test quick).
    const other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');

    let otherWrote = false;
    await ours.db.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
      try {
        other.prepare('update counter set n = n + 100 where id = 1').run();
        otherWrote = true;
      } catch {
        // Our transaction holds the write lock: the other process waits its turn (busy timeout).
      }
      await sql`update counter set n = ${(before.rows[0]?.n ?? 0) + 1} where id = 1`.execute(trx);
    });

    expect(otherWrote).toBe(false);
    other.prepare('update counter set n = n + 100 where id = 1').run();
    const after = await sql<{ n: number }>`select n from counter where id = 1`.execute(ours.db);
    expect(after.rows[0]?.n).toBe(101);
    other.close();
    await ours.close();
  });
});

// Group commit (sqlite-group-commit.ts): changes that arrive together share one commit, nobody hears
// back before their change is durable, and one failed transaction does not take its neighbours
// with it. "Another process" here is a second connection to the same file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bookkeeping } from './bookkeeping.js';
import { type Database, openSqlite } from './database.js';
import type { DB } from './schema.js';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.js';
import type { Flusher } from './wal-sync.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'kete-group-commit-'));
  const file = join(dir, 'kete.sqlite');
  const ours: Database = openSqlite(file);
  await sql`create table items (id integer primary key, name text not null unique)`.execute(ours.db);
  const other = new SqliteDatabase(file);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => ours.close());
  cleanups.push(() => {
    other.close();
  });
  return { ours: Object.assign(ours, { file }), other };
}

/** Frames in the write-ahead log: every commit appends at least one. */
function walFrames(other: SqliteDatabase.Database): number {
  const [result] = other.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>;
  return result?.log ?? 0;
}

const countSeenByOther = (other: SqliteDatabase.Database) =>
  (other.prepare('select count(*) as n from items').get() as { n: number }).n;

describe('SQLite group commit', () => {
  it('makes 50 changes that arrive together durable with far fewer than 50 commits', async () => {
    const { ours, other } = await setup();
    other.pragma('wal_autocheckpoint = 0');
    other.pragma('wal_checkpoint(TRUNCATE)');
    // One after another: each change is its own commit.
    for (let i = 0; i < 50; i++) {
      await sql`insert into items (id, name) values (${i}, ${`alone ${i}`})`.execute(ours.db);
    }
    const framesAlone = walFrames(other);
    other.pragma('wal_checkpoint(TRUNCATE)');

    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ours.db.transaction().execute(async (trx) => {
          await sql`insert into items (id, name) values (${100 + i}, ${`together ${i}`})`.execute(trx);
        }),
      ),
    );
    const framesTogether = walFrames(other);

    expect(countSeenByOther(other)).toBe(100);
    expect(framesAlone).toBeGreaterThanOrEqual(50);
    expect(framesTogether).toBeLessThan(framesAlone / 4);
  });

  it('answers a change only once another connection can see it', async () => {
    const { ours, other } = await setup();
    const seenWhenAnswered: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ours.db
          .transaction()
          .execute(async (trx) => {
            await sql`insert into items (id, name) values (${i}, ${`item ${i}`})`.execute(trx);
          })
          .then(() => {
            const row = other.prepare('select count(*) as n from items where id = ?').get(i) as { n: number };
            seenWhenAnswered.push(row.n);
          }),
      ),
    );
    expect(seenWhenAnswered).toEqual(Array(20).fill(1));
  });

  it('rolls back a failed transaction alone while the changes around it commit', async () => {
    const { ours, other } = await setup();
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'dup', 'c'].map((name, i) =>
        ours.db.transaction().execute(async (trx) => {
          await sql`insert into items (id, name) values (${i}, ${name})`.execute(trx);
          // The third one breaks the unique name after its first insert: all of it must go.
          if (name === 'dup') await sql`insert into items (id, name) values (${99}, ${'a'})`.execute(trx);
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const names = other.prepare('select name from items order by id').all() as Array<{ name: string }>;
    expect(names.map((r) => r.name)).toEqual(['a', 'b', 'c']);
  });

  it('waits for another process holding the write lock without blocking this one', async () => {
    const { ours, other } = await setup();
    other.prepare('begin immediate').run();
    other.prepare("insert into items (id, name) values (1, 'theirs')").run();
    const write = sql`insert into items (id, name) values (2, 'ours')`.execute(ours.db);
    // While our write waits for the lock, this process still runs timers (no busy loop in SQLite).
    const ticks = await new Promise<number>((resolve) => {
      let n = 0;
      const timer = setInterval(() => {
        if (++n === 5) {
          clearInterval(timer);
          resolve(n);
        }
      }, 5);
    });
    other.prepare('commit').run();
    await write;
    expect(ticks).toBe(5);
    expect(countSeenByOther(other)).toBe(2);
  });

  it('answers a read outside a transaction at once, from committed data, while a transaction is open', async () => {
    const { ours } = await setup();
    await sql`insert into items (id, name) values (1, 'committed')`.execute(ours.db);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = ours.db.transaction().execute(async (trx) => {
      await sql`insert into items (id, name) values (2, 'pending')`.execute(trx);
      inserted();
      await held;
    });
    await insertedYet;
    // The writer is held by the open transaction: this read must neither wait for it nor see it.
    const during = await sql<{ name: string }>`select name from items order by id`.execute(ours.db);
    expect(during.rows.map((r) => r.name)).toEqual(['committed']);
    finish();
    await transaction;
    const after = await sql<{ name: string }>`select name from items order by id`.execute(ours.db);
    expect(after.rows.map((r) => r.name)).toEqual(['committed', 'pending']);
  });

  it('answers a bookkeeping write before its commit, and the change after it only once both are durable', async () => {
    const { ours, other } = await setup();
    const counters = bookkeeping(ours.db);
    const seenWhenCounted: number[] = [];
    const seenWhenChanged: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await sql`insert into items (id, name) values (${i}, ${`count ${i}`})`.execute(counters);
        const counted = other.prepare('select count(*) as n from items where id = ?').get(i) as { n: number };
        seenWhenCounted.push(counted.n);
        await sql`insert into items (id, name) values (${100 + i}, ${`change ${i}`})`.execute(ours.db);
        const seen = other.prepare('select count(*) as n from items where id in (?, ?)').get(i, 100 + i) as {
          n: number;
        };
        seenWhenChanged.push(seen.n);
      }),
    );
    // Some counts were answered while their group was still open (nobody else could see them yet)...
    expect(seenWhenCounted).toContain(0);
    // ...but every change was answered only once it and the count before it were committed.
    expect(seenWhenChanged).toEqual(Array(20).fill(2));
  });

  it('takes turns at the write lock with another process instead of waiting until it runs out of writes', async () => {
    const { ours } = await setup();
    const theirs = openSqlite(ours.file);
    cleanups.push(() => theirs.close());
    // How many of ours ran before theirs had committed (each of ours sees what was committed before
    // it began). Counted at the lock, not by who heard back first: answers also wait for flushes.
    let oursBeforeTheirs = 0;
    // Ours: a flood of transactions, each spanning a turn of the event loop, so groups keep coming.
    const flood = Array.from({ length: 300 }, (_, i) =>
      ours.db.transaction().execute(async (trx) => {
        await sql`insert into items (id, name) values (${i}, ${`ours ${i}`})`.execute(trx);
        const theirsSeen = await sql<{ n: number }>`select count(*) as n from items where id = 1000`.execute(
          trx,
        );
        if (theirsSeen.rows[0]?.n === 0) oursBeforeTheirs++;
        await new Promise((resolve) => setImmediate(resolve));
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // Theirs: one change, asked for while ours holds the lock.
    const lone = sql`insert into items (id, name) values (${1000}, ${'theirs'})`.execute(theirs.db);
    await Promise.all([...flood, lone]);
    expect(oursBeforeTheirs).toBeLessThan(150);
  });

  it('answers a change, and any read that saw it, only once the log is flushed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kete-group-commit-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'kete.sqlite');
    const writer = new SqliteDatabase(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = NORMAL');
    writer.exec('create table items (id integer primary key, name text not null unique)');
    const reader = new SqliteDatabase(file, { readonly: true });
    const wal = new HeldFlushes();
    const db = new Kysely<DB>({ dialect: new GroupCommitSqliteDialect({ database: writer, reader, wal }) });
    cleanups.push(() => {
      // Closing waits for the flushes: release them even when an expectation failed first.
      wal.release();
      return db.destroy();
    });
    const heard: string[] = [];
    const change = sql`insert into items (id, name) values (1, 'milk')`
      .execute(db)
      .then(() => heard.push('change'));
    await expect.poll(() => wal.asked).toBe(1);
    // Committed (another connection sees it) but not on disk yet: nobody hears of it.
    expect((reader.prepare('select count(*) as n from items').get() as { n: number }).n).toBe(1);
    const read = sql<{ n: number }>`select count(*) as n from items`.execute(db).then((r) => {
      heard.push('read');
      return r.rows[0]?.n;
    });
    await sql`insert into items (id, name) values (2, 'count')`.execute(bookkeeping(db));
    heard.push('bookkeeping');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['bookkeeping']);
    wal.release();
    await Promise.all([change, read]);
    expect(heard.sort()).toEqual(['bookkeeping', 'change', 'read']);
    expect(await read).toBe(1);
  });
});

/** Flushes that finish only when the test says so, to see who waits for them. */
class HeldFlushes implements Flusher {
  asked = 0;
  private held: Array<() => void> = [];
  private latest: Promise<void> | undefined;

  flush(): Promise<void> {
    this.asked++;
    this.latest = new Promise<void>((resolve) => this.held.push(resolve));
    return this.latest;
  }

  pending(): Promise<void> | undefined {
    return this.latest;
  }

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
    this.latest = undefined;
  }

  close(): void {}
}

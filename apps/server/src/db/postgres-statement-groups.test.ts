// Group commit on PostgreSQL (postgres-statement-groups.ts): changes of several households that
// arrive together share one commit, each caller hears its own statement's answer or error, and
// nothing is acknowledged before it is committed. Runs against TEST_DATABASE_URL in both
// projects, as the other PostgreSQL-only tests do.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from './database.js';
import { inGroups, sentTotals } from './postgres-statement-groups.js';
import type { DB } from './schema.js';
import { isDatabaseUnavailable } from './unavailable.js';

const url = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A schema of its own with one table, items (household, item, n), and a server's instance on it. */
async function households() {
  if (!url) throw new Error('needs TEST_DATABASE_URL');
  const schema = `kete_groups_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  // A pool: the checks below read from other sessions while changes are on their way.
  const admin = new pg.Pool({ connectionString: url, max: 4 });
  await admin.query(`create schema ${schema}`);
  await admin.query(`create table ${schema}.items (household int not null, item int not null,
    n int not null check (n <= 100), primary key (household, item))`);
  cleanups.push(async () => {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });
  const opened = openPostgres(url, { schema });
  cleanups.push(opened.close);
  const db = opened.db as unknown as Kysely<DB>;
  const grouped = <R>(h: number, query: { compile(db: Kysely<DB>): CompiledQuery<R> }) =>
    db.executeQuery(inGroups(query.compile(db), h));
  /** Adds `n` to the household's item, as a grouped statement; answers the new count. */
  const add = async (h: number, item: number, n: number) =>
    (
      await grouped(
        h,
        sql<{ n: number }>`insert into items (household, item, n) values (${h}, ${item}, ${n})
          on conflict (household, item) do update set n = items.n + excluded.n returning n`,
      )
    ).rows[0]?.n;
  /** The count as another session sees it. */
  const count = async (h: number, item: number): Promise<number | undefined> =>
    (await admin.query(`select n from ${schema}.items where household = $1 and item = $2`, [h, item])).rows[0]
      ?.n;
  return { db, schema, admin, grouped, add, count };
}

describe("PostgreSQL's group commit", () => {
  it('sends changes of many households that arrive together in a few commits, each applied once', async () => {
    const { add, count } = await households();
    await add(0, 0, 1);
    const before = { ...sentTotals };
    // 20 households, 5 changes each, all at once.
    const changes: Promise<number | undefined>[] = [];
    for (let round = 0; round < 5; round += 1) for (let h = 1; h <= 20; h += 1) changes.push(add(h, 1, 1));
    const answers = await Promise.all(changes);
    for (let h = 1; h <= 20; h += 1) expect(await count(h, 1)).toBe(5);
    // Each change heard the count its own statement wrote: 1 to 5 for each household.
    expect(answers.sort()).toEqual(Array.from({ length: 100 }, (_, i) => Math.floor(i / 20) + 1));
    // One statement per household in a group: 5 rounds need 5 groups at least. Without groups
    // each change would be its own commit (100); the first goes alone, the rest wait together.
    const groups = sentTotals.groups - before.groups;
    expect(groups).toBeGreaterThanOrEqual(5);
    expect(groups).toBeLessThanOrEqual(10);
    expect(sentTotals.statements - before.statements).toBe(100);
    expect(sentTotals.retried - before.retried).toBe(0);
  });

  it("answers each caller its own statement's error, and commits its neighbours' changes", async () => {
    const { add, count } = await households();
    await add(9, 1, 95);
    const before = { ...sentTotals };
    // One burst: household 9's change breaks the check (n <= 100); the others went in its group,
    // were rolled back with it, and must then be committed on their own.
    const burst = [add(1, 1, 1), add(2, 1, 1), add(3, 1, 1), add(9, 1, 10), add(4, 1, 1), add(5, 1, 1)];
    const results = await Promise.allSettled(burst);
    expect(sentTotals.retried - before.retried).toBeGreaterThan(0);
    const failed = results[3] as PromiseRejectedResult;
    expect(failed.status).toBe('rejected');
    expect((failed.reason as { code?: string }).code).toBe('23514');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const h of [1, 2, 3, 4, 5]) expect(await count(h, 1)).toBe(1);
    expect(await count(9, 1)).toBe(95);
  });

  it('answers a change only once another session can see it (committed)', async () => {
    const { add, count } = await households();
    await add(0, 0, 1);
    const seen = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await add(100 + i, 1, 1);
        return count(100 + i, 1);
      }),
    );
    expect(seen).toEqual(Array.from({ length: 40 }, () => 1));
  });

  it("runs a marked statement inside a transaction as the transaction's own (rolled back with it)", async () => {
    const { db, add, count } = await households();
    await add(7, 1, 1);
    const before = { ...sentTotals };
    await expect(
      db.transaction().execute(async (trx) => {
        const query = sql`update items set n = n + 1 where household = 7`.compile(trx);
        await trx.executeQuery(inGroups(query, 7));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // Sent in a group, it would have committed on its own.
    expect(await count(7, 1)).toBe(1);
    expect(sentTotals.statements - before.statements).toBe(0);
  });

  it("keeps every household's changes exact when they interleave, without deadlocks", async () => {
    const { add, count } = await households();
    await add(0, 0, 1);
    const before = { ...sentTotals };
    // 120 changes to three households' four items, interleaved as phones send them.
    await Promise.all(Array.from({ length: 120 }, (_, i) => add(i % 3, i % 4, 1)));
    let total = 0;
    for (let h = 0; h < 3; h += 1)
      for (let item = 0; item < 4; item += 1) total += (await count(h, item)) ?? 0;
    expect(total).toBe(120 + 1);
    // Nothing failed, so nothing ran again (a deadlock would have rolled a group back).
    expect(sentTotals.retried - before.retried).toBe(0);
  });

  it("goes on with other households' changes while one waits for a lock held elsewhere", async () => {
    const { schema, admin, add } = await households();
    await add(1, 1, 1);
    const holder = await admin.connect();
    cleanups.push(async () => holder.release());
    await holder.query('begin');
    await holder.query(`select 1 from ${schema}.items where household = 1 and item = 1 for update`);
    let waited = false;
    const waiting = add(1, 1, 1).then((n) => {
      waited = true;
      return n;
    });
    // Without a limit on the group's wait these would wait for the holder (which waits for them).
    expect(await Promise.all([2, 3, 4, 5].map((h) => add(h, 1, 1)))).toEqual([1, 1, 1, 1]);
    expect(waited).toBe(false);
    await holder.query('commit');
    // The waiting change went on alone, and is applied once.
    expect(await waiting).toBe(2);
  });

  it('fails the changes of a connection PostgreSQL ended (503), and the next change succeeds', async () => {
    const { admin, grouped, add, count } = await households();
    // Three at once: the first goes alone, the other two together: every group connection.
    const pids = await Promise.all(
      [1, 2, 3].map(
        async (h) => (await grouped(h, sql<{ pid: number }>`select pg_backend_pid() as pid`)).rows[0]?.pid,
      ),
    );
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [[...new Set(pids)]]);
    const first = await add(1, 1, 1).catch((error: unknown) => error);
    if (first !== 1) expect(isDatabaseUnavailable(first)).toBe(true);
    expect(await add(2, 1, 1)).toBe(1);
    expect(await count(2, 1)).toBe(1);
  });
});

// A query compiled once must answer exactly what building it afresh answers, for every value.
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { compiledOnce, compiledStatement } from './compiled-once.js';
import type { DB } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const storesQuery = (db: Kysely<DB>, chain: number, fromId: number) =>
  db
    .selectFrom('stores')
    .select(['id', 'name'])
    .where('chain', '=', chain)
    .where('id', '>=', fromId)
    .orderBy('id')
    .limit(3);

describe('compiledOnce', () => {
  it('builds the query once and answers each call with its own values', async () => {
    let builds = 0;
    const storesFrom = (chain: number, fromId: number) => {
      builds += 1;
      return storesQuery(t.ctx.db, chain, fromId);
    };
    const compiled = compiledOnce(t.ctx.db, storesFrom);
    for (const [chain, fromId] of [
      [1, 0],
      [2, 50],
      [3, 200],
    ] as const) {
      const fresh = await storesFrom(chain, fromId).execute();
      expect(fresh.length).toBeGreaterThan(0);
      expect(await compiled(chain, fromId)).toEqual(fresh);
    }
    expect(builds).toBe(3 + 1);
  });

  it('builds afresh each time when a value shapes the SQL text instead of being a parameter', async () => {
    const byLiteral = (id: number) =>
      t.ctx.db
        .selectFrom('stores')
        .select('id')
        .where(sql<boolean>`id = ${sql.lit(id)}`);
    const compiled = compiledOnce(t.ctx.db, byLiteral);
    const [first, second] = await t.ctx.db.selectFrom('stores').select('id').orderBy('id').limit(2).execute();
    expect(await compiled(first?.id as number)).toEqual([first]);
    expect(await compiled(second?.id as number)).toEqual([second]);
  });
});

describe('compiledStatement', () => {
  const passThrough: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => result,
  };

  it('builds once and answers as a fresh build does, on the instance and inside a transaction', async () => {
    let builds = 0;
    const storesFrom = compiledStatement((db, chain: number, fromId: number) => {
      builds += 1;
      return storesQuery(db, chain, fromId);
    });
    const fresh = (chain: number, fromId: number) => storesQuery(t.ctx.db, chain, fromId).execute();
    for (const [chain, fromId] of [
      [1, 0],
      [2, 50],
    ] as const) {
      const expected = await fresh(chain, fromId);
      expect(expected.length).toBeGreaterThan(0);
      expect((await storesFrom(t.ctx.db, chain, fromId)).rows).toEqual(expected);
    }
    const inTransaction = await t.ctx.db
      .transaction()
      .execute(async (trx) => (await storesFrom(trx, 3, 200)).rows);
    expect(inTransaction).toEqual(await fresh(3, 200));
    expect(builds).toBe(1);
  });

  it("writes with each call's values, the same value in two places included", async () => {
    const [store] = await t.ctx.db
      .selectFrom('stores')
      .select(['id', 'name'])
      .orderBy('id')
      .limit(1)
      .execute();
    if (!store) throw new Error('no store in the test catalogue');
    const rename = compiledStatement((db, id: number, name: string) =>
      db
        .updateTable('stores')
        .set({ name: sql<string>`${name} || ''` })
        .where('id', '=', id)
        .where(sql<boolean>`${name} <> ''`)
        .returning(['id', 'name']),
    );
    try {
      expect((await rename(t.ctx.db, store.id, 'Kete Test Store')).rows).toEqual([
        { id: store.id, name: 'Kete Test Store' },
      ]);
      expect((await rename(t.ctx.db, store.id, '')).rows).toEqual([]);
    } finally {
      await rename(t.ctx.db, store.id, store.name);
    }
  });

  it('builds afresh on an instance with plugins, whose state a kept compilation would skip', async () => {
    let builds = 0;
    const count = compiledStatement((db, chain: number) => {
      builds += 1;
      return db
        .selectFrom('stores')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chain', '=', chain);
    });
    const withPlugin = t.ctx.db.withPlugin(passThrough);
    const first = await count(withPlugin, 1);
    await count(withPlugin, 1);
    expect(builds).toBe(2);
    expect(Number(first.rows[0]?.n)).toBeGreaterThan(0);
  });
});

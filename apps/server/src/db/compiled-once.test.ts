// A query compiled once must answer exactly what building it afresh answers, for every value.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { compiledOnce } from './compiled-once.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('compiledOnce', () => {
  it('builds the query once and answers each call with its own values', async () => {
    let builds = 0;
    const storesFrom = (chain: number, fromId: number) => {
      builds += 1;
      return t.ctx.db
        .selectFrom('stores')
        .select(['id', 'name'])
        .where('chain', '=', chain)
        .where('id', '>=', fromId)
        .orderBy('id')
        .limit(3);
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

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoCatalogue, seedDemoIfEmpty } from './demo-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = async (table: 'products' | 'prices' | 'price_history') =>
  Number(
    (await t.ctx.db.selectFrom(table).select(t.ctx.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  );

describe('seeding the demo catalogue', () => {
  it('does nothing when KETE_DEMO_DATA=0', async () => {
    await seedDemoIfEmpty(t.ctx, () => {});
    expect(await count('products')).toBe(0);
  });

  it('loads products priced at every store through the ingest, with history', async () => {
    const report = await seedDemoCatalogue(t.ctx, { products: 12 });
    expect(report).toMatchObject({ productsCreated: 12, skipped: 0 });
    const stores = Number(
      (await t.ctx.db.selectFrom('stores').select(t.ctx.db.fn.countAll().as('n')).executeTakeFirstOrThrow())
        .n,
    );
    expect(await count('prices')).toBeGreaterThan(12 * stores * 0.85);
    expect(await count('price_history')).toBeGreaterThan(await count('prices'));
    // Twelve weeks of history at every store, not only at some.
    const eleventhWeekBack = t.clock.now() - 11 * 7 * 86_400_000 - 86_400_000;
    const withHistory = await t.ctx.db
      .selectFrom('price_history')
      .select('store_id')
      .distinct()
      .where('observed_at', '>=', eleventhWeekBack)
      .where('observed_at', '<', t.clock.now() - 10 * 7 * 86_400_000)
      .execute();
    expect(withHistory.length).toBe(stores);
    if (t.ctx.dialect === 'postgres') {
      // The history is written after the ingest's ANALYZE: PostgreSQL's planner is told of it too
      // (a never-analysed price_history once planned a 0.4 ms read with parallel workers: 7 ms).
      const stats = await sql<{ rows: number }>`
        select reltuples::int as rows from pg_class where oid = 'price_history'::regclass`.execute(t.ctx.db);
      expect(stats.rows[0]?.rows).toBe(await count('price_history'));
    }
    const milk = await t.ctx.db.selectFrom('products').selectAll().orderBy('id').executeTakeFirstOrThrow();
    expect(milk).toMatchObject({
      name: 'Blue Top Milk',
      brand: 'Anchor',
      image_url: '/product-images/dairy.svg',
    });
  });

  it('leaves a catalogue that has products alone', async () => {
    const before = await count('prices');
    const demoOn = { ...t.ctx, config: { ...t.ctx.config, demoData: true } };
    const logged: string[] = [];
    await seedDemoIfEmpty(demoOn, (line) => logged.push(line));
    expect(logged).toEqual([]);
    expect(await count('prices')).toBe(before);
  });

  it('marks the catalogue as demo data, which start-up data tells the app', async () => {
    const fresh = await buildTestApp();
    try {
      const user = await fresh.signIn('demo.viewer@example.com');
      const start = async () => (await user.request({ method: 'POST', url: '/api/init/start' })).json();
      expect((await start()).demoCatalogue).toBe(false);
      const demoOn = { ...fresh.ctx, config: { ...fresh.ctx.config, demoData: true } };
      await seedDemoIfEmpty(demoOn, () => {}, { products: 5 });
      expect((await start()).demoCatalogue).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('serves the placeholder image of each category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product-images/dairy.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/product-images/nope.svg' })).statusCode).toBe(404);
  });
});

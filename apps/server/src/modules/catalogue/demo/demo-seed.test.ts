import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../app-context.js';
import { failInsertsInto } from '../../../test/failing-inserts.js';
import { stores as feedStores, priceLine } from '../../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { ingestLines } from '../../ingest/ingest.service.js';
import { prepareDemoCatalogue } from './demo-catalogue.js';
import { startDemoCatalogue } from './demo-seed.js';
import { loadChosenDemoStores } from './demo-store-load.js';

/** Enough products for every chain's specials to show on a store's card. */
const PRODUCTS = 300;
const quiet = () => {};

type Table =
  | 'products'
  | 'product_sources'
  | 'product_barcodes'
  | 'prices'
  | 'price_history'
  | 'price_verdicts';
const countIn = async (ctx: AppContext, table: Table, storeId?: number) => {
  let query = ctx.db.selectFrom(table).select(ctx.db.fn.countAll().as('n'));
  if (
    storeId !== undefined &&
    table !== 'products' &&
    table !== 'product_sources' &&
    table !== 'product_barcodes'
  )
    query = query.where('store_id', '=', storeId);
  return Number((await query.executeTakeFirstOrThrow()).n);
};
const withDemo = (t: TestApp): AppContext => ({ ...t.ctx, config: { ...t.ctx.config, demoData: true } });

/** A store of each chain, by region, as a shopper would find them. */
async function storeOf(t: TestApp, chain: number, offset = 0): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('stores')
    .select('id')
    .where('chain', '=', chain)
    .where('region', '=', 'Auckland')
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function shopper(t: TestApp, email: string) {
  const user = await t.signIn(email);
  const init = async () => (await user.request({ method: 'POST', url: '/api/init/start' })).json();
  const shortCode: string = (await init()).workspace.shortCode;
  return {
    user,
    init,
    choose: (storeId: number) => user.request({ method: 'POST', url: `/api/${shortCode}/stores/${storeId}` }),
    search: async (text: string) =>
      (
        await user.request({ method: 'POST', url: `/api/${shortCode}/products/search`, payload: { text } })
      ).json() as Promise<{ id: number; prices: { storeId: number; dealRating?: string | null }[] }[]>,
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the demo catalogue, written store by store', () => {
  it('does nothing when KETE_DEMO_DATA=0', async () => {
    await startDemoCatalogue(t.ctx, quiet);
    expect(await countIn(t.ctx, 'products')).toBe(0);
  });

  it('writes only its products on first start, and says it is the demo', async () => {
    const logged: string[] = [];
    const start = await prepareDemoCatalogue(withDemo(t), (line) => logged.push(line), {
      products: PRODUCTS,
    });
    expect(start).toMatchObject({ outcome: 'written', products: PRODUCTS });
    expect(await countIn(t.ctx, 'products')).toBe(PRODUCTS);
    // Every chain's key and the barcode, so each chain's prices find the same product.
    expect(await countIn(t.ctx, 'product_sources')).toBe(PRODUCTS * 3);
    expect(await countIn(t.ctx, 'product_barcodes')).toBe(PRODUCTS);
    expect(await countIn(t.ctx, 'prices')).toBe(0);
    expect(logged.join('\n')).toMatch(/Demo catalogue ready: 300 products/);
    const milk = await t.ctx.db.selectFrom('products').selectAll().orderBy('id').executeTakeFirstOrThrow();
    expect(milk).toMatchObject({
      name: 'Blue Top Milk',
      brand: 'Anchor',
      image_url: '/product-images/dairy.svg',
    });
    const viewer = await shopper(t, 'viewer@example.com');
    expect((await viewer.init()).demoCatalogue).toBe(true);
    // A second start finds it written.
    expect(await prepareDemoCatalogue(withDemo(t), quiet)).toEqual({ outcome: 'ready' });
  });

  it("writes a store's prices, specials, 12 weeks of history and verdicts when a shopping list first chooses it", async () => {
    const owner = await shopper(t, 'owner@example.com');
    const woolworths = await storeOf(t, 3);
    expect(await countIn(t.ctx, 'prices', woolworths)).toBe(0);
    const chosen = await owner.choose(woolworths);
    expect(chosen.statusCode).toBe(200);
    // The card answered is the store's own specials, already there.
    expect(chosen.json().count).toBeGreaterThan(10);
    expect(chosen.json().products).toHaveLength(4);
    const prices = await countIn(t.ctx, 'prices', woolworths);
    expect(prices).toBeGreaterThan(PRODUCTS * 0.85);
    expect(prices).toBeLessThan(PRODUCTS);
    expect(await countIn(t.ctx, 'price_verdicts', woolworths)).toBe(prices);
    const weeks = await t.ctx.db
      .selectFrom('price_history')
      .select('observed_at')
      .distinct()
      .where('store_id', '=', woolworths)
      .execute();
    expect(weeks).toHaveLength(12);
    // Only the chosen store: the others wait for someone to choose them.
    expect(await countIn(t.ctx, 'prices')).toBe(prices);
    const found = await owner.search('milk');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.prices.every((price) => price.storeId === woolworths))).toBe(true);
    expect(found.filter((p) => p.prices.length === 1).length).toBeGreaterThan(found.length * 0.8);
    // Choosing it again (or another list choosing it) writes nothing more.
    const history = await countIn(t.ctx, 'price_history', woolworths);
    expect((await owner.choose(woolworths)).statusCode).toBe(200);
    expect(await countIn(t.ctx, 'price_history', woolworths)).toBe(history);
  });

  it('writes a store once when two shopping lists choose it at the same moment, and both see its prices', async () => {
    const [a, b] = await Promise.all([shopper(t, 'a@example.com'), shopper(t, 'b@example.com')]);
    if (!a || !b) throw new Error('no shoppers');
    const paknsave = await storeOf(t, 2);
    const [first, second] = await Promise.all([a.choose(paknsave), b.choose(paknsave)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().count).toBe(second.json().count);
    expect(first.json().count).toBeGreaterThan(10);
    const loads = await t.ctx.db
      .selectFrom('demo_store_loads')
      .selectAll()
      .where('store_id', '=', paknsave)
      .execute();
    expect(loads).toHaveLength(1);
    for (const shopper of [a, b]) {
      const found = await shopper.search('milk');
      expect(found.length).toBeGreaterThan(0);
      expect(found.some((p) => p.prices.some((price) => price.storeId === paknsave))).toBe(true);
    }
  });

  it('is the same for the same store in every database', async () => {
    const other = await buildTestApp();
    try {
      await prepareDemoCatalogue(withDemo(other), quiet, { products: PRODUCTS });
      const woolworths = await storeOf(other, 3);
      await (await shopper(other, 'elsewhere@example.com')).choose(woolworths);
      const rows = (ctx: AppContext, table: 'prices' | 'price_history' | 'price_verdicts') =>
        ctx.db
          .selectFrom(table)
          .selectAll()
          .where('store_id', '=', woolworths)
          .orderBy('product_id')
          .orderBy('store_id')
          .execute();
      for (const table of ['prices', 'price_history', 'price_verdicts'] as const) {
        const here = await rows(t.ctx, table);
        expect(here.length).toBeGreaterThan(0);
        expect(await rows(other.ctx, table)).toEqual(here);
      }
    } finally {
      await other.close();
    }
  });
});

describe('an interrupted demo', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await buildTestApp();
  });
  afterAll(() => fresh.close());

  it('is still a demo when its first start is interrupted, and the next start finishes it', async () => {
    const viewer = await shopper(fresh, 'demo.viewer@example.com');
    expect((await viewer.init()).demoCatalogue).toBe(false);
    // The disk fills up while the products are written.
    const heal = await failInsertsInto(fresh.ctx.db, fresh.ctx.dialect, 'product_barcodes');
    await expect(prepareDemoCatalogue(withDemo(fresh), quiet, { products: PRODUCTS })).rejects.toThrow();
    await heal();
    expect(await countIn(fresh.ctx, 'products')).toBe(0);
    // Whatever is there is the demo's, and the app says so.
    expect((await viewer.init()).demoCatalogue).toBe(true);
    const logged: string[] = [];
    const next = await prepareDemoCatalogue(withDemo(fresh), (line) => logged.push(line));
    expect(next).toMatchObject({ outcome: 'written', products: PRODUCTS });
    expect(logged[0]).toMatch(/not finished by an earlier start/);
    expect(await countIn(fresh.ctx, 'products')).toBe(PRODUCTS);
    expect((await viewer.init()).demoCatalogue).toBe(true);
  });

  it('chooses a store whose prices could not be written without an error, and writes them on the next start', async () => {
    const owner = await shopper(fresh, 'interrupted.owner@example.com');
    const newWorld = await storeOf(fresh, 1);
    const heal = await failInsertsInto(fresh.ctx.db, fresh.ctx.dialect, 'price_verdicts');
    const chosen = await owner.choose(newWorld);
    await heal();
    expect(chosen.statusCode).toBe(200);
    expect((await owner.init()).stores.workspace.map((s: { id: number }) => s.id)).toEqual([newWorld]);
    // Nothing of the store is half there.
    expect(await countIn(fresh.ctx, 'prices', newWorld)).toBe(0);
    expect(await countIn(fresh.ctx, 'price_history', newWorld)).toBe(0);
    const logged: string[] = [];
    await loadChosenDemoStores(fresh.ctx, { info: (l) => logged.push(l), error: (l) => logged.push(l) });
    expect(logged).toEqual([expect.stringMatching(/^Demo prices written for store/)]);
    expect(await countIn(fresh.ctx, 'prices', newWorld)).toBeGreaterThan(PRODUCTS * 0.85);
    const found = await owner.search('cheese');
    expect(found.some((p) => p.prices.some((price) => price.storeId === newWorld))).toBe(true);
  });

  it("finds an older Kete's unmarked, interrupted demo and writes its prices again", async () => {
    const newWorld = await storeOf(fresh, 1);
    // What an older first start left when interrupted: products and prices, and no mark.
    await sql`delete from catalogue_facts where key in ('demo-catalogue', 'demo-plan')`.execute(fresh.ctx.db);
    await fresh.ctx.db.deleteFrom('demo_store_loads').execute();
    const viewer = await shopper(fresh, 'older.viewer@example.com');
    expect((await viewer.init()).demoCatalogue).toBe(false);
    const next = await prepareDemoCatalogue(withDemo(fresh), quiet, { products: PRODUCTS });
    expect(next.outcome).toBe('written');
    expect((await viewer.init()).demoCatalogue).toBe(true);
    // Its prices, an unknown part of the demo's, are gone; the chosen store's are written again.
    expect(await countIn(fresh.ctx, 'prices')).toBe(0);
    expect(await countIn(fresh.ctx, 'products')).toBe(PRODUCTS);
    await loadChosenDemoStores(fresh.ctx, { info: quiet, error: quiet });
    expect(await countIn(fresh.ctx, 'prices', newWorld)).toBeGreaterThan(PRODUCTS * 0.85);
  });

  it('adds no demo prices once real prices have arrived', async () => {
    const report = await ingestLines(fresh.ctx, [
      priceLine(feedStores.paknsaveAlbany, { productKey: 'REAL1' }),
    ]);
    expect(report.productsCreated).toBe(1);
    const owner = await shopper(fresh, 'real.owner@example.com');
    const woolworths = await storeOf(fresh, 3, 1);
    expect((await owner.choose(woolworths)).statusCode).toBe(200);
    expect(await countIn(fresh.ctx, 'prices', woolworths)).toBe(0);
  });
});

describe('product images', () => {
  it('serves the placeholder image of each category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product-images/dairy.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/product-images/nope.svg' })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, delistLine, priceLine, stores, T0 } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from './ingest.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ingest = (lines: string[]) => ingestLines(t.ctx, lines, { batchSize: 3 });

async function productIdOf(chain: number, productKey: string) {
  const row = await t.ctx.db
    .selectFrom('product_sources')
    .select('product_id')
    .where('chain', '=', chain)
    .where('product_key', '=', productKey)
    .executeTakeFirstOrThrow();
  return row.product_id;
}

const historyOf = (productId: number) =>
  t.ctx.db
    .selectFrom('price_history')
    .select(['store_id', 'price', 'base_price', 'promotion_type', 'observed_at'])
    .where('product_id', '=', productId)
    .orderBy('observed_at')
    .orderBy('store_id')
    .execute();

const pricesOf = (productId: number) =>
  t.ctx.db.selectFrom('prices').selectAll().where('product_id', '=', productId).orderBy('store_id').execute();

async function tableCounts() {
  const count = async (
    table: 'products' | 'prices' | 'price_history' | 'product_sources' | 'product_barcodes',
  ) =>
    Number(
      (await t.ctx.db.selectFrom(table).select(t.ctx.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  return {
    products: await count('products'),
    prices: await count('prices'),
    history: await count('price_history'),
    sources: await count('product_sources'),
    barcodes: await count('product_barcodes'),
  };
}

describe('ingesting a feed', () => {
  const feed = [
    priceLine(stores.newWorldAlbany, { productKey: 'NW-1', barcode: '9414742350313', price: 529 }),
    priceLine(stores.woolworthsFlaxmere, {
      productKey: '282765',
      barcode: '9414742350313',
      name: 'Anchor Milk Standard Blue Top',
      price: 499,
      basePrice: 560,
      promotionType: 5,
    }),
    priceLine(stores.paknsaveAlbany, {
      productKey: 'PS-9',
      name: 'Pams Butter',
      brand: 'Pams',
      size: '500g',
      price: 649,
    }),
    priceLine(stores.paknsaveHenderson, {
      productKey: 'PS-9',
      name: 'Pams Butter',
      brand: 'Pams',
      size: '500g',
      price: 659,
    }),
  ];

  it('makes one product of the same barcode from two chains, so its prices compare', async () => {
    const report = await ingest(feed);
    expect(report).toMatchObject({ lines: 4, productsCreated: 2, pricesAdded: 4, skipped: 0 });
    const milk = await productIdOf(1, 'NW-1');
    expect(await productIdOf(3, '282765')).toBe(milk);
    const prices = await pricesOf(milk);
    expect(prices.map((p) => [p.price, p.base_price, p.promotion_type])).toEqual([
      [529, 529, 0],
      [499, 560, 5],
    ]);
    // The chain described first (New World) names the product.
    const product = await t.ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', milk)
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({ name: 'Anchor Blue Top Milk', brand: 'Anchor', display_units: '2L' });
    // Without a barcode the chain's own key identifies it: one butter at two Pak'nSaves.
    expect((await pricesOf(await productIdOf(2, 'PS-9'))).map((p) => p.price)).toEqual([649, 659]);
  });

  it('changes nothing, history included, when the same feed is loaded again', async () => {
    const before = await tableCounts();
    const report = await ingest(feed);
    expect(report).toMatchObject({
      productsCreated: 0,
      pricesAdded: 0,
      pricesChanged: 0,
      pricesUnchanged: 4,
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('reports bad lines with their number and reason, and loads the rest', async () => {
    const report = await ingest([
      'not json',
      priceLine(stores.newWorldAlbany, { productKey: 'NW-2', name: 'Tip Top Sandwich White', price: 350 }),
      priceLine(stores.newWorldAlbany, { productKey: 'NW-3', price: 4.5 }),
      '',
      priceLine(stores.newWorldAlbany, { productKey: 'NW-4', promotionType: 6 }),
      priceLine(stores.newWorldAlbany, { store: 'no-such-store', productKey: 'NW-5' }),
      JSON.stringify({ chain: 'aldi', store: 'x', productKey: 'y', observedAt: T0 }),
      priceLine(stores.newWorldAlbany, { productKey: 'NW-6', name: undefined }),
    ]);
    expect(report.errors).toEqual([
      { line: 1, reason: 'not valid JSON' },
      { line: 3, reason: 'price must be a whole number of cents' },
      { line: 5, reason: "promotionType 6 is not one of this chain's" },
      { line: 6, reason: 'unknown store "no-such-store" for this chain' },
      { line: 7, reason: 'chain must be newworld, paknsave or woolworths' },
      { line: 8, reason: 'name is required' },
    ]);
    expect(report).toMatchObject({ lines: 8, skipped: 6, pricesAdded: 1 });
    expect((await pricesOf(await productIdOf(1, 'NW-2'))).map((p) => p.price)).toEqual([350]);
  });

  it('refuses a line dated more than 10 minutes after the server clock (issue 33)', async () => {
    const now = t.clock.now();
    const report = await ingest([
      priceLine(stores.newWorldAlbany, {
        productKey: 'NW-F',
        name: 'Future Milk',
        price: 300,
        observedAt: now,
      }),
      priceLine(stores.newWorldAlbany, {
        productKey: 'NW-F',
        name: 'Future Milk',
        price: 250,
        observedAt: now + 9 * 60_000,
      }),
      priceLine(stores.newWorldAlbany, {
        productKey: 'NW-F',
        name: 'Future Milk',
        price: 100,
        observedAt: now + 11 * 60_000,
      }),
    ]);
    expect(report.errors).toEqual([
      { line: 3, reason: "observedAt is more than 10 minutes after the server's clock" },
    ]);
    expect(report.skipped).toBe(1);
    expect((await pricesOf(await productIdOf(1, 'NW-F'))).map((p) => p.price)).toEqual([250]);
  });

  it('appends history only when the price changes, and keeps when it was last seen', async () => {
    const at = stores.newWorldAlexandra;
    const line = (day: number, price: number, promotionType = 0) =>
      priceLine(at, {
        productKey: 'NW-H',
        name: 'Vogels Bread',
        price,
        basePrice: 599,
        promotionType,
        observedAt: T0 + day * DAY,
      });
    await ingest([line(0, 599), line(7, 599), line(14, 450, 2), line(21, 450, 2), line(28, 599)]);
    const id = await productIdOf(1, 'NW-H');
    expect((await historyOf(id)).map((h) => [h.observed_at, h.price, h.promotion_type])).toEqual([
      [T0, 599, 0],
      [T0 + 14 * DAY, 450, 2],
      [T0 + 28 * DAY, 599, 0],
    ]);
    expect((await pricesOf(id))[0]).toMatchObject({ price: 599, observed_at: T0 + 28 * DAY });
    // Seen again, unchanged, a week later: no new history, a newer "last seen".
    await ingest([line(35, 599)]);
    expect(await historyOf(id)).toHaveLength(3);
    expect((await pricesOf(id))[0]?.observed_at).toBe(T0 + 35 * DAY);
    // An observation older than the current one is ignored.
    const late = await ingest([line(1, 100)]);
    expect(late.pricesChanged).toBe(0);
    expect((await pricesOf(id))[0]?.price).toBe(599);
  });

  it('stops pricing a product at a store once the feed says the store no longer lists it', async () => {
    const at = stores.woolworthsHalswell;
    await ingest([
      priceLine(at, { productKey: 'W-1', name: 'Watties Baked Beans', price: 250 }),
      priceLine(at, { productKey: 'W-2', name: 'Watties Spaghetti', price: 260 }),
      priceLine(at, { productKey: 'W-3', name: 'Watties Peas', price: 400 }),
    ]);
    const beans = await productIdOf(3, 'W-1');
    const report = await ingest([delistLine(at, 'W-1', T0 + DAY)]);
    expect(report.delisted).toBe(1);
    expect(await pricesOf(beans)).toEqual([]);
    expect((await historyOf(beans)).map((h) => h.price)).toEqual([250, null]);

    // A complete listing: what the store did not list since `since` is delisted too.
    const since = T0 + 2 * DAY;
    const complete = await ingest([
      priceLine(at, { productKey: 'W-2', name: 'Watties Spaghetti', price: 260, observedAt: since }),
      JSON.stringify({ ...at, listingComplete: true, since, observedAt: since + 60_000 }),
    ]);
    expect(complete.delisted).toBe(1);
    expect(await pricesOf(await productIdOf(3, 'W-3'))).toEqual([]);
    expect((await pricesOf(await productIdOf(3, 'W-2')))[0]?.price).toBe(260);
    // Relisted later: priced again, with a history row.
    await ingest([
      priceLine(at, { productKey: 'W-1', name: 'Watties Baked Beans', price: 240, observedAt: since + DAY }),
    ]);
    expect((await historyOf(beans)).map((h) => h.price)).toEqual([250, null, 240]);
  });
});

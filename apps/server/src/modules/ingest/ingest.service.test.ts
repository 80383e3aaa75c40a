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
    priceLine(stores.newWorldAlbany, { productKey: 'NW-1', barcode: '9414742350315', price: 529 }),
    priceLine(stores.woolworthsFlaxmere, {
      productKey: '282765',
      barcode: '9414742350315',
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

  it('keeps every observation as a point: the price changes where it changed, and when last seen', async () => {
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
    const points = async () => (await historyOf(id)).map((h) => [h.observed_at, h.price, h.promotion_type]);
    expect(await points()).toEqual([
      [T0, 599, 0],
      [T0 + 7 * DAY, 599, 0],
      [T0 + 14 * DAY, 450, 2],
      [T0 + 21 * DAY, 450, 2],
      [T0 + 28 * DAY, 599, 0],
    ]);
    expect((await pricesOf(id))[0]).toMatchObject({ price: 599, observed_at: T0 + 28 * DAY });
    // Seen again, unchanged, a week later: a point of its own (issue 45), a newer "last seen".
    await ingest([line(35, 599)]);
    expect(await historyOf(id)).toHaveLength(6);
    expect((await pricesOf(id))[0]?.observed_at).toBe(T0 + 35 * DAY);
    // Loaded again: nothing changes.
    await ingest([line(35, 599)]);
    expect(await historyOf(id)).toHaveLength(6);
    // An observation older than the current one goes into the history at its place; the current
    // price stays (issue 33), and the price seen on day 7 holds again from there.
    const late = await ingest([line(1, 100)]);
    expect(late).toMatchObject({ pricesChanged: 0, pricesBackfilled: 1 });
    expect((await pricesOf(id))[0]).toMatchObject({ price: 599, observed_at: T0 + 35 * DAY });
    expect((await points()).slice(0, 3)).toEqual([
      [T0, 599, 0],
      [T0 + DAY, 100, 0],
      [T0 + 7 * DAY, 599, 0],
    ]);
  });

  it('backfills a history loaded out of order into the same history as in order, and its verdicts', async () => {
    const line = (key: string, day: number, price: number, promotionType = 0) =>
      priceLine(stores.newWorldAlexandra, {
        productKey: key,
        name: `Backfilled Oats ${key}`,
        price,
        basePrice: 599,
        promotionType,
        observedAt: T0 + day * DAY,
      });
    const days: [number, number, number][] = [
      [0, 599, 0],
      [10, 599, 0],
      [20, 549, 0],
      [40, 599, 0],
      [50, 599, 0],
      [60, 450, 2],
      [70, 450, 2],
      [80, 599, 0],
    ];
    const inOrder = days.map(([d, p, k]) => line('OAT-A', d, p, k));
    // Newest first, then the rest shuffled: every line after the first is older than the price held.
    const order = [7, 3, 6, 0, 5, 2, 1, 4];
    const outOfOrder = order.map((n) => {
      const [d, p, k] = days[n] as [number, number, number];
      return line('OAT-B', d, p, k);
    });
    await ingest(inOrder);
    const report = await ingest(outOfOrder);
    expect(report.pricesBackfilled).toBeGreaterThan(0);
    expect(report.skipped).toBe(0);
    const a = await productIdOf(1, 'OAT-A');
    const b = await productIdOf(1, 'OAT-B');
    // The spans of prices: a point repeating the one before it (an out-of-order confirmation,
    // kept to bound later backfills) is no change.
    const shape = async (id: number) =>
      (await historyOf(id))
        .map((h) => [h.observed_at, h.price, h.promotion_type])
        .filter((h, n, all) => n === 0 || h[1] !== all[n - 1]?.[1] || h[2] !== all[n - 1]?.[2]);
    expect(await shape(b)).toEqual(await shape(a));
    expect(await shape(a)).toEqual([
      [T0, 599, 0],
      [T0 + 20 * DAY, 549, 0],
      [T0 + 40 * DAY, 599, 0],
      [T0 + 60 * DAY, 450, 2],
      [T0 + 80 * DAY, 599, 0],
    ]);
    expect((await pricesOf(b))[0]).toMatchObject({ price: 599, observed_at: T0 + 80 * DAY });
    // The stored verdicts of the backfilled product were recomputed: the same as in order.
    const verdict = (id: number) =>
      t.ctx.db
        .selectFrom('price_verdicts')
        .select(['usual_price', 'lowest_365', 'deal_rating'])
        .where('product_id', '=', id)
        .executeTakeFirst();
    expect(await verdict(b)).toEqual(await verdict(a));
    expect((await verdict(b))?.lowest_365).toBe(450);
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

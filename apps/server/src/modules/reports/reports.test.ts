// Issue 33 item 5: shoppers report a wrong price; two households flag it out of the split and the
// plan until a newer feed confirms it; operators list and resolve reports.
import {
  DUPLICATE_REPORT_MESSAGE,
  type Product,
  REPORT_NOTE_MAX,
  splitCartByStore,
  ZPlan,
  ZPriceReport,
  ZProduct,
} from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../cli/command.js';
import { loadCatalogue } from '../../test/fixtures/catalogue-setup.js';
import { stores as feedStores, priceLine } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { addWorkspaceStore } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';
import { reportsCommand, resolveReportCommand } from './reports.commands.js';
import { settle } from './test/settled.js';

let t: TestApp;
let owner: Shopper;
let member: Shopper;
let neighbour: Shopper;
let stranger: Shopper;
let stores: Awaited<ReturnType<typeof loadCatalogue>>;
let blueTop: number;
let weetBix: number;

const blueTopLine = (observedAt: number) =>
  priceLine(feedStores.paknsaveAlbany, {
    productKey: 'BT',
    name: 'Blue Top Milk',
    brand: 'Anchor',
    size: '2L',
    barcode: '9414742350315',
    price: 479,
    basePrice: 499,
    promotionType: 4,
    observedAt,
  });

beforeAll(async () => {
  t = await buildTestApp();
  stores = await loadCatalogue(t);
  owner = await signInShopper(t, 'owner@example.com');
  member = await signInShopper(t, 'member@example.com');
  neighbour = await signInShopper(t, 'neighbour@example.com');
  stranger = await signInShopper(t, 'stranger@example.com');
  await shareWith(owner, member);
  for (const shopper of [owner, neighbour])
    for (const store of [stores.newWorld, stores.paknsave, stores.woolworths])
      await addWorkspaceStore(t.ctx.db, shopper.workspaceId, store);
  // The Owner and the neighbour have shopped at these stores for 8 days; the member joined today.
  await settle(t.ctx, owner.workspaceId, [owner.userId]);
  await settle(t.ctx, neighbour.workspaceId, [neighbour.userId]);
  const id = async (key: string) =>
    (
      await t.ctx.db
        .selectFrom('product_sources')
        .select('product_id')
        .where('product_key', '=', key)
        .executeTakeFirstOrThrow()
    ).product_id;
  blueTop = await id('BT');
  weetBix = await id('WB');
  // Blue Top: $4.79 at Pak'nSave (the cheapest), $5.29 New World, $5.39 Woolworths.
  expect((await owner.api('POST', '/cart', { productId: blueTop, quantity: 1 })).statusCode).toBe(200);
});
afterAll(() => t.close());

const report = (who: Shopper, body: unknown, productId = blueTop, shortCode = owner.shortCode) =>
  who.api('POST', `/products/${productId}/reports`, body, shortCode);
const productFor = async (who: Shopper, productId = blueTop) => {
  const res = await who.api('GET', `/products/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZProduct.parse(res.json());
};
const planStores = async () => {
  const res = await owner.api('POST', '/cart/plan', {});
  expect(res.statusCode, res.body).toBe(200);
  return ZPlan.parse(res.json()).stores.map((s) => s.storeId);
};
const splitStores = (product: Product) =>
  splitCartByStore([{ product, quantity: 1 }], [], () => true).groups.map((g) => g.store.id);
const cartSplit = async () => {
  const res = await owner.api('GET', '/cart');
  const cart = res.json() as { product: Product; quantity: number }[];
  const all = (await t.ctx.db.selectFrom('stores').select(['id', 'name', 'chain']).execute()).map((s) => ({
    id: s.id,
    name: s.name,
    type: s.chain as 1 | 2 | 3,
    latitude: null,
    longitude: null,
  }));
  return splitCartByStore(cart, all, () => true)
    .groups.filter((g) => g.lines.length > 0)
    .map((g) => g.store.id);
};

/** The catalogue's version row, which tells every process to forget its priced answers. */
const catalogueVersion = async () =>
  (
    await t.ctx.db
      .selectFrom('catalogue_facts')
      .select('value')
      .where('key', '=', 'catalogue-version')
      .executeTakeFirst()
  )?.value;

describe('POST /api/{shortCode}/products/{id}/reports', () => {
  it('takes a report from the Owner, and refuses the same open report twice with 409', async () => {
    const res = await report(owner, { storeId: stores.paknsave, kind: 'price', note: '  Shelf says $5.49 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZPriceReport.parse(res.json())).toMatchObject({
      productId: blueTop,
      storeId: stores.paknsave,
      kind: 'price',
      note: 'Shelf says $5.49',
    });
    const again = await report(owner, { storeId: stores.paknsave, kind: 'price' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: DUPLICATE_REPORT_MESSAGE });
    // Another kind of problem with the same price is another report.
    expect((await report(owner, { storeId: stores.paknsave, kind: 'size' })).statusCode).toBe(200);
  });

  it('takes one from a Shared member who joined today, but it and one settled person are not enough to flag a price', async () => {
    const version = await catalogueVersion();
    const res = await report(member, { storeId: stores.paknsave, kind: 'unavailable' });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing answered changed, so no process is told to forget its priced answers.
    expect(await catalogueVersion()).toBe(version);
    const product = await productFor(owner);
    expect(product.prices.find((p) => p.storeId === stores.paknsave)?.reported).toBeUndefined();
    expect(await planStores()).toEqual([stores.paknsave]);
  });

  it('refuses a stranger with 403 and keeps nothing', async () => {
    const before = await t.ctx.db.selectFrom('price_reports').selectAll().execute();
    const res = await report(stranger, { storeId: stores.paknsave, kind: 'price' });
    expect(res.statusCode).toBe(403);
    expect(await t.ctx.db.selectFrom('price_reports').selectAll().execute()).toEqual(before);
  });

  it('validates the product, the store, the kind and the note with clear errors', async () => {
    const unknownProduct = await report(owner, { storeId: stores.paknsave, kind: 'price' }, 999_999);
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.json()).toMatchObject({ message: 'That product is not in the catalogue.' });
    const unknownStore = await report(owner, { storeId: 999_999, kind: 'price' });
    expect(unknownStore.statusCode).toBe(400);
    expect(unknownStore.json()).toMatchObject({
      errors: { storeId: { message: 'That store was not found.' } },
    });
    const badKind = await report(owner, { storeId: stores.paknsave, kind: 'smell' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body).toContain('Choose what is wrong');
    const longNote = await report(owner, {
      storeId: stores.paknsave,
      kind: 'match',
      note: 'x'.repeat(REPORT_NOTE_MAX + 1),
    });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.body).toContain(`Keep the note to ${REPORT_NOTE_MAX} characters.`);
    const noStore = await report(owner, { kind: 'price' });
    expect(noStore.statusCode).toBe(400);
    expect(noStore.json()).toHaveProperty('message');
    expect(noStore.body).not.toContain(' at ');
  });

  it('from a second settled person (another household) marks the price and leaves it out of the split and the plan; a newer feed brings it back', async () => {
    expect(await cartSplit()).toEqual([stores.paknsave]);
    const version = await catalogueVersion();
    const res = await report(
      neighbour,
      { storeId: stores.paknsave, kind: 'price' },
      blueTop,
      neighbour.shortCode,
    );
    expect(res.statusCode, res.body).toBe(200);
    // The second household's report flags the price: every process reads priced answers again.
    expect(await catalogueVersion()).not.toBe(version);
    const product = await productFor(owner);
    expect(product.prices.find((p) => p.storeId === stores.paknsave)?.reported).toBe(true);
    expect(product.prices.find((p) => p.storeId === stores.newWorld)?.reported).toBeUndefined();
    // Its range leaves it out too, in the product's answer and in a search's.
    const believed = product.prices.filter((p) => !p.reported).map((p) => p.price);
    const range = { bestPrice: Math.min(...believed), highestPrice: Math.max(...believed) };
    expect(range.bestPrice).toBeGreaterThan(product.prices.find((p) => p.reported)?.price ?? 0);
    expect(product).toMatchObject(range);
    const found = (await owner.api('POST', '/products/search', { text: product.name })).json() as Product[];
    expect(found.find((p) => p.id === blueTop)).toMatchObject(range);
    // The cheapest split (the shopping list's 'By store') and the plan buy at New World instead.
    expect(await cartSplit()).toEqual([stores.newWorld]);
    expect(splitStores(product)).toEqual([]);
    expect(await planStores()).toEqual([stores.newWorld]);
    // Other products at the same store are untouched.
    const cereal = await productFor(owner, weetBix);
    expect(cereal.prices.every((p) => p.reported === undefined)).toBe(true);

    // A feed lists the price again after the reports: it is trusted again.
    t.clock.advance(60_000);
    await ingestLines(t.ctx, [blueTopLine(t.clock.now())]);
    const confirmed = await productFor(owner);
    expect(confirmed.prices.find((p) => p.storeId === stores.paknsave)?.reported).toBeUndefined();
    expect(confirmed.bestPrice).toBe(confirmed.prices.find((p) => p.storeId === stores.paknsave)?.price);
    expect(await cartSplit()).toEqual([stores.paknsave]);
    expect(await planStores()).toEqual([stores.paknsave]);
  });
});

describe('kete reports and reports:resolve', () => {
  const run = async (command: typeof reportsCommand, args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l) };
    const code = await command.run(args, t.ctx, io);
    return { code, out, err };
  };

  it('lists every report, or the open ones, and resolves one (hiding the price until a newer feed)', async () => {
    const all = await run(reportsCommand, []);
    expect(all.code).toBe(0);
    expect(all.out).toHaveLength(4);
    expect(all.out[0]).toMatch(
      /^#\d+ price · Blue Top Milk \(product \d+\) at .+ \(store \d+\) · 2026-11-21 09:00 by owner@example.com \(workspace \d+; 2 reports, account 0 days old\) · open "Shelf says \$5.49"$/,
    );
    const id = Number(/^#(\d+)/.exec(all.out[0] as string)?.[1]);

    const resolved = await run(resolveReportCommand, [String(id), '--hide-price']);
    expect(resolved).toMatchObject({
      code: 0,
      out: [`Report #${id} resolved; the price is hidden until a newer feed confirms one.`],
    });
    const open = await run(reportsCommand, ['--open']);
    expect(open.out).toHaveLength(3);
    expect((await run(reportsCommand, [])).out[0]).toContain('resolved 2026-11-21 09:01, price hidden');
    // Hidden: the drawer shows no price at Pak'nSave, the plan buys elsewhere.
    expect((await productFor(owner)).prices.map((p) => p.storeId)).not.toContain(stores.paknsave);
    expect(await planStores()).toEqual([stores.newWorld]);
    expect(await run(resolveReportCommand, [String(id)])).toMatchObject({
      code: 1,
      err: [`No open report #${id}.`],
    });
    await expect(run(resolveReportCommand, ['x'])).rejects.toThrow('Give the id of one report.');

    t.clock.advance(60_000);
    await ingestLines(t.ctx, [blueTopLine(t.clock.now())]);
    expect((await productFor(owner)).prices.map((p) => p.storeId)).toContain(stores.paknsave);
    expect(await planStores()).toEqual([stores.paknsave]);
  });
});

describe('reports are writes', () => {
  it('are rate-limited like every write', async () => {
    const limited = await buildTestApp({ KETE_WRITE_RATE_LIMIT: '3' });
    try {
      const s = await loadCatalogue(limited);
      const shopper = await signInShopper(limited, 'busy@example.com');
      const product = (
        await limited.ctx.db
          .selectFrom('product_sources')
          .select('product_id')
          .where('product_key', '=', 'BT')
          .executeTakeFirstOrThrow()
      ).product_id;
      const codes: number[] = [];
      for (const kind of ['price', 'unavailable', 'match', 'size'])
        codes.push(
          (await shopper.api('POST', `/products/${product}/reports`, { storeId: s.paknsave, kind }))
            .statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

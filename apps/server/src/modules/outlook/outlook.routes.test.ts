// Issue 46 through the real ingest and route: crafted histories at the workspace's stores (a
// 28-day cycle, no special in 180 days, 30 days of history), a store outside the workspace, the
// access rules of the product routes, and an outlook kept until the next feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { specialStartedSubject } from './special-started.js';

let t: TestApp;
let owner: SignedIn;
let shortCode: string;
let now: number;
const id = { newWorld: 0, paknsave: 0, woolworths: 0 };
const product = { cycle: 0, steady: 0, young: 0 };

const nw = stores.newWorldAlbany;
const ps = stores.paknsaveAlbany;
const ww = stores.woolworthsFlaxmere;
const oats = { productKey: 'OA', name: 'Rolled Oats', brand: 'Harraways', size: '1kg' };
const rice = { productKey: 'RI', name: 'Jasmine Rice', brand: 'Sunrice', size: '1kg' };
const kombucha = { productKey: 'KO', name: 'Kombucha Ginger', brand: 'Good Buzz', size: '330mL' };
/** The next special of the 28-day cycle starts this many days from now. */
const NEXT_IN = 10;

beforeAll(async () => {
  t = await buildTestApp();
  now = t.clock.now();
  const ago = (days: number) => now - days * DAY;
  const lines = [priceLine(nw, { ...oats, price: 500, observedAt: ago(200) })];
  // New World: oats on special for 7 days every 28 days; the last began 18 days ago.
  for (let start = 28 - NEXT_IN; start < 200; start += 28)
    lines.push(
      priceLine(nw, { ...oats, price: 350, basePrice: 500, promotionType: 3, observedAt: ago(start) }),
      priceLine(nw, { ...oats, price: 500, observedAt: ago(start - 7) }),
    );
  lines.push(
    // Pak'nSave: the same oats at one price for 180 days; rice likewise; kombucha for 30 days.
    priceLine(ps, { ...oats, price: 480, observedAt: ago(180) }),
    priceLine(nw, { ...rice, price: 400, observedAt: ago(180) }),
    priceLine(nw, { ...kombucha, price: 300, observedAt: ago(30) }),
    // Woolworths is not one of the workspace's stores.
    priceLine(ww, { ...oats, price: 450, observedAt: ago(100) }),
  );
  expect((await ingestLines(t.ctx, lines)).skipped).toBe(0);
  const rows = await t.ctx.db.selectFrom('stores').select(['id', 'source_id']).execute();
  const storeId = (sourceId: string) => rows.find((r) => r.source_id === sourceId)?.id ?? -1;
  id.newWorld = storeId(nw.store);
  id.paknsave = storeId(ps.store);
  id.woolworths = storeId(ww.store);
  owner = await t.signIn('owner@example.com');
  shortCode = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace.shortCode;
  for (const store of [id.newWorld, id.paknsave])
    await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${store}` });
  const find = async (text: string) =>
    (
      await owner.request({ method: 'POST', url: `/api/${shortCode}/products/search`, payload: { text } })
    ).json()[0].id as number;
  product.cycle = await find('rolled oats');
  product.steady = await find('jasmine rice');
  product.young = await find('kombucha ginger');
});
afterAll(() => t.close());

const outlook = (productId: number, who = owner) =>
  who.request({ method: 'GET', url: `/api/${shortCode}/products/${productId}/outlook` });
const at = (res: { json(): { stores: { storeId: number }[] } }, storeId: number) =>
  res.json().stores.find((s) => s.storeId === storeId) as Record<string, unknown>;

describe('GET /products/:id/outlook', () => {
  it('a 28-day cycle: wait, with the next window within 3 days of its turn', async () => {
    const res = await outlook(product.cycle);
    expect(res.statusCode).toBe(200);
    const o = at(res, id.newWorld);
    expect(o).toMatchObject({
      advice: 'wait',
      typicalPrice: 500,
      specialPrice: 350,
      everyDays: 28,
      onSpecial: false,
      basis: { specials: 7, days: 201 },
    });
    expect(o.chance14d).toBeGreaterThan(0.6);
    const due = now + NEXT_IN * DAY;
    expect(Math.abs(Date.parse(o.likelyFrom as string) - due)).toBeLessThanOrEqual(3 * DAY);
    expect(Math.abs(Date.parse(o.likelyTo as string) - due)).toBeLessThanOrEqual(3 * DAY);
  });

  it('no special in 180 days: buy; the same product at the other store has its own outlook', async () => {
    const o = at(await outlook(product.cycle), id.paknsave);
    expect(o).toMatchObject({ advice: 'buy', likelyFrom: null, typicalPrice: 480, specialPrice: null });
    expect(o.chance14d).toBeLessThan(0.1);
    expect(at(await outlook(product.steady), id.newWorld)).toMatchObject({ advice: 'buy' });
  });

  it('30 days of history: unknown, with no chance given', async () => {
    expect(at(await outlook(product.young), id.newWorld)).toMatchObject({
      advice: 'unknown',
      chance14d: null,
      likelyFrom: null,
      basis: { specials: 0, days: 31 },
    });
  });

  it("answers the workspace's stores only, each even where the product was never priced", async () => {
    const res = await outlook(product.steady);
    expect(
      res
        .json()
        .stores.map((s: { storeId: number }) => s.storeId)
        .sort(),
    ).toEqual([id.newWorld, id.paknsave].sort());
    expect(at(res, id.paknsave)).toMatchObject({ advice: 'unknown', basis: { specials: 0, days: 0 } });
    expect(at(await outlook(product.cycle), id.woolworths)).toBeUndefined();
  });

  it('keeps an outlook until the next feed, then answers from the new prices', async () => {
    expect(at(await outlook(product.steady), id.newWorld)).toMatchObject({ onSpecial: false });
    // Kept: a change to the history that is no feed (so announces nothing) is not read again.
    await t.ctx.db.deleteFrom('price_history').where('product_id', '=', product.steady).execute();
    expect(at(await outlook(product.steady), id.newWorld)).toMatchObject({
      advice: 'buy',
      typicalPrice: 400,
    });
    const special = priceLine(nw, { ...rice, price: 300, basePrice: 400, promotionType: 3, observedAt: now });
    expect((await ingestLines(t.ctx, [special])).skipped).toBe(0);
    expect(at(await outlook(product.steady), id.newWorld)).toMatchObject({
      onSpecial: true,
      basis: { specials: 1, days: 1 },
    });
  });

  it('refuses an unknown product (404), a bad id (400) and a stranger (403), as the other product routes', async () => {
    const missing = await outlook(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('That product was not found.');
    const bad = await owner.request({ method: 'GET', url: `/api/${shortCode}/products/abc/outlook` });
    expect(bad.statusCode).toBe(400);
    const stranger = await t.signIn('stranger@example.com');
    expect((await outlook(product.cycle, stranger)).statusCode).toBe(403);
    expect(
      (await stranger.request({ method: 'GET', url: `/api/${shortCode}/products/${product.cycle}` }))
        .statusCode,
    ).toBe(403);
  });

  it("answers the shopping list's products in one call, leaving out unknown ones", async () => {
    const ids = `${product.cycle},${product.young},999999,${product.cycle}`;
    const res = await owner.request({ method: 'GET', url: `/api/${shortCode}/outlooks?ids=${ids}` });
    expect(res.statusCode).toBe(200);
    const products = res.json().products as {
      productId: number;
      stores: { storeId: number; advice: string }[];
    }[];
    expect(products.map((p) => p.productId)).toEqual([product.cycle, product.young]);
    expect(products[0]?.stores.find((s) => s.storeId === id.newWorld)?.advice).toBe('wait');
    expect(products[1]?.stores.find((s) => s.storeId === id.newWorld)?.advice).toBe('unknown');
  });

  it('refuses a bad or too long id list with a clear message, and a stranger', async () => {
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    for (const ids of ['', 'abc', '1,,2', '-1', tooMany]) {
      const res = await owner.request({ method: 'GET', url: `/api/${shortCode}/outlooks?ids=${ids}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.ids.message).toBe('Give up to 500 product ids, separated by commas.');
    }
    const missing = await owner.request({ method: 'GET', url: `/api/${shortCode}/outlooks` });
    expect(missing.statusCode).toBe(400);
    const stranger = await t.signIn('stranger2@example.com');
    const res = await stranger.request({
      method: 'GET',
      url: `/api/${shortCode}/outlooks?ids=${product.cycle}`,
    });
    expect(res.statusCode).toBe(403);
  });

  it('tells the household once when a special the list said to wait for starts', async () => {
    await owner.request({
      method: 'POST',
      url: `/api/${shortCode}/cart`,
      payload: { productId: product.cycle, quantity: 1 },
    });
    const list = await owner.request({
      method: 'GET',
      url: `/api/${shortCode}/outlooks?ids=${product.cycle}`,
    });
    expect(list.statusCode).toBe(200);
    const told = () =>
      t.smtp.messages.filter((m) => m.to === owner.email && m.subject === specialStartedSubject);
    const started = priceLine(nw, {
      ...oats,
      price: 340,
      basePrice: 500,
      promotionType: 3,
      observedAt: now + 1000,
    });
    expect((await ingestLines(t.ctx, [started])).skipped).toBe(0);
    for (let i = 0; i < 200 && told().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(told()).toHaveLength(1);
    expect(told()[0]?.text).toContain(
      'Harraways Rolled Oats 1kg is on special at New World Albany: $3.40 (usually $5.00).',
    );
    // Still on special after the next feed: not told again.
    const deeper = priceLine(nw, {
      ...oats,
      price: 330,
      basePrice: 500,
      promotionType: 3,
      observedAt: now + 2000,
    });
    await ingestLines(t.ctx, [deeper]);
    await new Promise((r) => setTimeout(r, 300));
    expect(told()).toHaveLength(1);
  });
});

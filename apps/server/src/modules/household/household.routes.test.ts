import { AISLES, type WorkspaceEvent } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../lib/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialect } from '../../test/test-database.js';
import { listenLocally, openLiveStream } from '../events/test/sse-client.js';
import { addWorkspaceStore, createProduct } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';

const CHAIN = AISLES.map((a) => a.key);
const postgres = testDialect() === 'postgres';
let t: TestApp;
let aroha: Shopper;
let ben: Shopper;
let cleo: Shopper;
let store: number;
let otherStore: number;
let milk: number;
let juice: number;
let cereal: number;
let base: string;

beforeAll(async () => {
  t = await buildTestApp(postgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {});
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  cleo = await signInShopper(t, 'cleo@example.com');
  await shareWith(aroha, ben);
  // Ben acts in Aroha's workspace, shared with him.
  const own = ben.api;
  ben = {
    ...ben,
    api: (method, path, payload, shortCode = aroha.shortCode) => own(method, path, payload, shortCode),
  };
  const stores = await t.ctx.db.selectFrom('stores').select('id').orderBy('id').limit(2).execute();
  store = stores[0]?.id ?? -1;
  otherStore = stores[1]?.id ?? -1;
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, store);
  milk = await createProduct(t.ctx.db, { name: 'Blue Top Milk 2L' });
  juice = await createProduct(t.ctx.db, { name: 'Orange Juice 2L' });
  cereal = await createProduct(t.ctx.db, { name: 'Weet-Bix Cereal' });
  base = await listenLocally(t.app);
});
afterAll(() => t.close());

const orderOf = async (who: Shopper, storeId = store) => {
  const res = await who.api('GET', `/stores/${storeId}/aisle-order`);
  expect(res.statusCode).toBe(200);
  return res.json() as { categories: string[]; source: string };
};

/** One trip: each product put on the list, then ticked off in this order (the DELETE with `tick`). */
async function shop(who: Shopper, trip: number, products: number[], storeId = store) {
  for (const productId of products) {
    expect((await who.api('POST', '/cart', { productId, quantity: 1 })).statusCode).toBe(200);
  }
  let at = trip;
  for (const productId of products) {
    at += 60_000;
    const res = await who.api('DELETE', `/cart/${productId}`, { tick: { storeId, trip, at } });
    expect(res.statusCode).toBe(204);
  }
}

describe("a store's aisle order", () => {
  it("starts as the chain's order, for members only", async () => {
    expect(await orderOf(aroha)).toEqual({ categories: CHAIN, source: 'chain' });
    expect(await orderOf(ben)).toEqual({ categories: CHAIN, source: 'chain' });
    expect(
      (await cleo.api('GET', `/stores/${store}/aisle-order`, undefined, aroha.shortCode)).statusCode,
    ).toBe(403);
    expect((await aroha.api('GET', '/stores/2147483000/aisle-order')).statusCode).toBe(404);
    expect((await aroha.api('GET', '/stores/abc/aisle-order')).statusCode).toBe(400);
  });

  it('is learned from three trips that tick in the same order, offline replays alike', async () => {
    // dairy, drinks, pantry: the chain has pantry, drinks, dairy.
    await shop(aroha, 1_000_000, [milk, juice, cereal]);
    await shop(ben, 2_000_000, [milk, juice, cereal]);
    expect((await orderOf(aroha)).source).toBe('chain');
    await shop(aroha, 3_000_000, [milk, juice, cereal]);
    // A replayed tick (the outbox sending again) changes nothing.
    await aroha.api('DELETE', `/cart/${milk}`, { tick: { storeId: store, trip: 3_000_000, at: 3_999_999 } });
    const learned = await orderOf(ben);
    expect(learned.source).toBe('learned');
    expect(learned.categories.filter((c) => ['dairy', 'drinks', 'pantry'].includes(c))).toEqual([
      'dairy',
      'drinks',
      'pantry',
    ]);
    // One odd trip after them does not upset it.
    await shop(ben, 4_000_000, [cereal, juice, milk]);
    expect((await orderOf(aroha)).categories).toEqual(learned.categories);
  });

  it('keeps the newest 20 trips of a store', async () => {
    for (let trip = 10_000_000; trip < 10_000_000 + 22 * 10_000; trip += 10_000) {
      await shop(aroha, trip, [milk, juice]);
    }
    const trips = await t.ctx.db
      .selectFrom('aisle_ticks')
      .select('trip_key')
      .distinct()
      .where('workspace_id', '=', aroha.workspaceId)
      .where('store_id', '=', store)
      .execute();
    expect(trips).toHaveLength(20);
    expect(Math.min(...trips.map((r) => Number(r.trip_key)))).toBe(10_000_000 + 2 * 10_000);
    // The newest trips all agree: dairy before drinks.
    const { categories } = await orderOf(aroha);
    expect(categories.indexOf('dairy')).toBeLessThan(categories.indexOf('drinks'));
  });

  it("learns only for the workspace's own stores", async () => {
    for (const trip of [5_000_000, 6_000_000, 7_000_000]) await shop(aroha, trip, [milk, cereal], otherStore);
    expect((await orderOf(aroha, otherStore)).source).toBe('chain');
  });

  it('is set by hand by any member until reset', async () => {
    const put = await ben.api('PUT', `/stores/${store}/aisle-order`, { categories: ['frozen', 'produce'] });
    expect(put.statusCode).toBe(200);
    expect(put.json().source).toBe('set');
    expect(put.json().categories.slice(0, 2)).toEqual(['frozen', 'produce']);
    expect(put.json().categories).toHaveLength(CHAIN.length);
    expect(await orderOf(aroha)).toEqual(put.json());
    const bad = await ben.api('PUT', `/stores/${store}/aisle-order`, { categories: ['frozen', 'frozen'] });
    expect(bad.statusCode).toBe(400);
    expect((await ben.api('PUT', `/stores/${store}/aisle-order`, { categories: ['x'] })).statusCode).toBe(
      400,
    );
    const reset = await aroha.api('DELETE', `/stores/${store}/aisle-order`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().source).toBe('learned');
  });
});

const initOf = async (who: Shopper, shortCode?: string) =>
  (
    await who.request(
      shortCode
        ? { method: 'POST', url: `/api/init/switch/${shortCode}` }
        : { method: 'POST', url: '/api/init/start' },
    )
  ).json();

describe('going shopping', () => {
  it('is seen by every member: start-up data, the trip and the live stream', async () => {
    expect((await initOf(aroha)).trip).toBeNull();
    const stream = await openLiveStream(
      `${base}/api/${aroha.shortCode}/events`,
      ben.headers.authorization.slice('Bearer '.length),
    );
    await stream.next('ready');
    const started = await aroha.api('POST', '/trip', { storeId: store });
    expect(started.statusCode).toBe(200);
    const trip = started.json().trip;
    expect(trip).toMatchObject({ userId: aroha.userId, storeId: store, startedAt: t.clock.now() });
    const event = (await stream.next('change'))?.data as WorkspaceEvent;
    expect(event).toMatchObject({ topic: 'trip', action: 'added', trip, byUserId: aroha.userId });
    expect((await initOf(ben, aroha.shortCode)).trip).toEqual(trip);
    expect((await ben.api('GET', '/trip')).json()).toEqual({ trip });
    expect((await aroha.api('DELETE', '/trip')).statusCode).toBe(200);
    const ended = (await stream.next('change'))?.data as WorkspaceEvent | undefined;
    expect(ended?.trip).toBeNull();
    stream.close();
    expect((await initOf(aroha)).trip).toBeNull();
  });

  it('refuses a store that does not exist and strangers', async () => {
    expect((await aroha.api('POST', '/trip', { storeId: 2147483000 })).statusCode).toBe(404);
    expect((await aroha.api('POST', '/trip', {})).statusCode).toBe(400);
    expect((await cleo.api('POST', '/trip', { storeId: store }, aroha.shortCode)).statusCode).toBe(403);
  });

  it('ends when the list is done', async () => {
    await aroha.api('POST', '/cart', { productId: milk, quantity: 1 });
    await aroha.api('POST', '/cart', { productId: juice, quantity: 1 });
    await ben.api('POST', '/trip', { storeId: store });
    const tick = (productId: number) =>
      ben.api('DELETE', `/cart/${productId}`, {
        tick: { storeId: store, trip: 9_000_000, at: t.clock.now() },
      });
    await tick(milk);
    expect((await aroha.api('GET', '/trip')).json().trip).not.toBeNull();
    await tick(juice);
    expect((await aroha.api('GET', '/trip')).json().trip).toBeNull();
  });

  it('ends after 3 hours without a tick, each tick restarting the clock', async () => {
    await aroha.api('POST', '/cart', { productId: milk, quantity: 1 });
    await aroha.api('POST', '/cart', { productId: juice, quantity: 1 });
    await aroha.api('POST', '/trip', { storeId: store });
    t.clock.advance(2 * HOUR);
    await aroha.api('DELETE', `/cart/${milk}`);
    t.clock.advance(2 * HOUR);
    expect((await ben.api('GET', '/trip')).json().trip).not.toBeNull();
    t.clock.advance(1.5 * HOUR);
    // Signed in afresh: the access token of this morning has expired by now.
    const later = await signInShopper(t, 'ben@example.com');
    expect((await later.api('GET', '/trip', undefined, aroha.shortCode)).json().trip).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../test/fixtures/catalogue-setup.js';
import { DAY, priceLine, stores, T0 } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { SPECIALS_POOL_SIZE } from './specials.service.js';

let t: TestApp;
let owner: SignedIn;
let shortCode: string;
let storeIds: Awaited<ReturnType<typeof loadCatalogue>>;

beforeAll(async () => {
  t = await buildTestApp();
  storeIds = await loadCatalogue(t);
  owner = await t.signIn('specials@example.com');
  shortCode = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace.shortCode;
});
afterAll(() => t.close());

describe('store specials', () => {
  it('answers the specials card when the Owner adds a store', async () => {
    const res = await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${storeIds.newWorld}` });
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card.store).toMatchObject({ id: storeIds.newWorld, name: 'New World Albany', type: 1 });
    expect(card.count).toBe(2);
    expect(card.products.map((p: { name: string }) => p.name).sort()).toEqual([
      'Milk Chocolate Block',
      'Weet-Bix Breakfast Cereal',
    ]);
    expect(card.products.find((p: { name: string }) => p.name === 'Milk Chocolate Block')).toMatchObject({
      bestPrice: 499,
      imageUrl: null,
    });
  });

  it('shows each workspace store in init with up to 4 products on promotion and the count', async () => {
    await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${storeIds.woolworths}` });
    await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${storeIds.otherStore}` });
    const init = (await owner.request({ method: 'POST', url: '/api/init/start' })).json();
    const byStore = Object.fromEntries(
      init.specials.map((s: { store: { id: number }; count: number; products: unknown[] }) => [
        s.store.id,
        [s.count, s.products.length],
      ]),
    );
    expect(byStore).toEqual({
      [storeIds.newWorld]: [2, 2],
      [storeIds.woolworths]: [1, 1],
      [storeIds.otherStore]: [0, 0],
    });
  });

  it('shows a new promotion on the cards as soon as the feed brings it (the kept ids are dropped)', async () => {
    const countAt = async (storeId: number) => {
      const init = (await owner.request({ method: 'POST', url: '/api/init/start' })).json();
      return init.specials.find((s: { store: { id: number } }) => s.store.id === storeId)?.count;
    };
    expect(await countAt(storeIds.woolworths)).toBe(1);
    const juice = { productKey: 'OJ', name: 'Orange Juice', brand: 'Just Juice', size: '2L' };
    await ingestLines(t.ctx, [
      priceLine(stores.woolworthsFlaxmere, {
        ...juice,
        price: 350,
        basePrice: 450,
        promotionType: 5,
        observedAt: T0 + DAY,
      }),
    ]);
    expect(await countAt(storeIds.woolworths)).toBe(2);
    await ingestLines(t.ctx, [
      priceLine(stores.woolworthsFlaxmere, { ...juice, price: 450, observedAt: T0 + 2 * DAY }),
    ]);
    expect(await countAt(storeIds.woolworths)).toBe(1);
  });

  it('shows 4 different random specials on each start when a store has more than its card pool', async () => {
    const many = SPECIALS_POOL_SIZE + 36;
    await ingestLines(
      t.ctx,
      Array.from({ length: many }, (_, i) =>
        priceLine(stores.newWorldAlexandra, {
          productKey: `SP${i}`,
          name: `Special Biscuits ${i}`,
          brand: 'Griffins',
          size: '200g',
          price: 200 + i,
          basePrice: 300 + i,
          promotionType: 2,
        }),
      ),
    );
    const seen = new Set<string>();
    for (let start = 0; start < 20; start += 1) {
      const init = (await owner.request({ method: 'POST', url: '/api/init/start' })).json();
      const card = init.specials.find((s: { store: { id: number } }) => s.store.id === storeIds.otherStore);
      expect(card.count).toBe(many);
      const names = card.products.map((p: { name: string }) => p.name);
      expect(new Set(names).size).toBe(4);
      for (const p of card.products as { name: string; bestPrice: number }[]) {
        expect(p.bestPrice).toBe(200 + Number(p.name.replace('Special Biscuits ', '')));
        seen.add(p.name);
      }
    }
    expect(seen.size).toBeGreaterThan(4);
  });

  it("lists a store's specials as Products with their saving, biggest saving first, paged", async () => {
    const url = `/api/${shortCode}/stores/${storeIds.newWorld}/specials`;
    const all = (await owner.request({ method: 'GET', url })).json();
    expect(all).toMatchObject({ count: 2, page: 1, pageSize: 50 });
    expect(all.products.map((p: { name: string; saving: number }) => [p.name, p.saving])).toEqual([
      ['Milk Chocolate Block', 150],
      ['Weet-Bix Breakfast Cereal', 100],
    ]);
    // Priced at the workspace's stores, like every Product.
    expect(all.products[1].prices.map((p: { storeId: number }) => p.storeId).sort()).toEqual(
      [storeIds.newWorld, storeIds.woolworths].sort(),
    );
    const second = (await owner.request({ method: 'GET', url: `${url}?page=2&pageSize=1` })).json();
    expect(second.products.map((p: { name: string }) => p.name)).toEqual(['Weet-Bix Breakfast Cereal']);
    expect((await owner.request({ method: 'GET', url: `${url}?page=0` })).statusCode).toBe(400);
  });

  it('answers 404 for the specials of an unknown store', async () => {
    const res = await owner.request({ method: 'GET', url: `/api/${shortCode}/stores/999999/specials` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('That store was not found.');
  });
});

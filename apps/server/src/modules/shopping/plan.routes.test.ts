import { haversineKm, PLAN_MAX_CANDIDATE_STORES, PromotionType, planMessages, ZPlan } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { forgetCachedPrices } from '../products/price-cache.js';
import { addWorkspaceStore } from './test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from './test/household.js';
import { kindProduct, priceAt, storeOfEachChain } from './test/plan-fixtures.js';

let t: TestApp;
let aroha: Shopper;
let outsider: Shopper;
let stores: Awaited<ReturnType<typeof storeOfEachChain>>;
let nw: number;
let pns: number;
let ww: number;
const ids = {} as Record<'milk' | 'pamsMilk' | 'bread' | 'beans' | 'saffron', number>;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  outsider = await signInShopper(t, 'outsider@example.com');
  stores = await storeOfEachChain(t.ctx.db);
  nw = stores.newWorld.id;
  pns = stores.paknsave.id;
  ww = stores.woolworths.id;
  for (const store of [nw, pns, ww]) await addWorkspaceStore(t.ctx.db, aroha.workspaceId, store);
  const db = t.ctx.db;
  ids.milk = await kindProduct(db, {
    name: 'Trim Milk',
    brand: 'Anchor',
    displayUnits: '2L',
    category: 'dairy',
  });
  ids.pamsMilk = await kindProduct(db, {
    name: 'Pams Trim Milk',
    brand: 'Pams',
    displayUnits: '2L',
    category: 'dairy',
  });
  ids.bread = await kindProduct(db, {
    name: 'White Toast Bread',
    brand: 'Tip Top',
    displayUnits: '700g',
    category: 'bakery',
  });
  ids.beans = await kindProduct(db, {
    name: 'Baked Beans',
    brand: 'Watties',
    displayUnits: '420g',
    category: 'pantry',
  });
  ids.saffron = await kindProduct(db, {
    name: 'Saffron',
    brand: null,
    displayUnits: '1g',
    category: 'pantry',
  });
  // Milk: cheapest at Pak'nSave; a New World club price beats it only with the card.
  await priceAt(db, ids.milk, nw, {
    price: 390,
    basePrice: 520,
    promotionType: PromotionType.NewWorldClubCard,
  });
  await priceAt(db, ids.milk, pns, { price: 450 });
  await priceAt(db, ids.milk, ww, { price: 500 });
  await priceAt(db, ids.pamsMilk, pns, { price: 420 });
  // Bread only at Woolworths and New World.
  await priceAt(db, ids.bread, ww, { price: 300 });
  await priceAt(db, ids.bread, nw, { price: 380 });
  // Beans: 3 for $5 at Woolworths (single $2.20), $2.00 at Pak'nSave.
  await priceAt(db, ids.beans, ww, { price: 220, multibuy: { quantity: 3, price: 500 } });
  await priceAt(db, ids.beans, pns, { price: 200 });
  // Saffron is priced at a store the workspace does not use.
  const elsewhere = stores.all.find((s) => ![nw, pns, ww].includes(s.id))?.id as number;
  await priceAt(db, ids.saffron, elsewhere, { price: 1500 });
});
afterAll(() => t.close());

const plan = async (body: unknown, who: Shopper = aroha) => {
  const res = await who.api('POST', '/cart/plan', body);
  expect(res.statusCode, res.body).toBe(200);
  return ZPlan.parse(res.json());
};
const refused = async (body: unknown) => {
  const res = await aroha.api('POST', '/cart/plan', body);
  expect(res.statusCode, res.body).toBe(400);
  return res.json() as { message: string; errors?: Record<string, { message: string }> };
};

describe('POST /api/{shortCode}/cart/plan', () => {
  it('answers an empty plan for an empty shopping list', async () => {
    expect(await plan({})).toEqual({
      stores: [],
      total: 0,
      unpriced: [],
      cheapestSingleStore: null,
      saving: 0,
    });
  });

  it('is for members only', async () => {
    const res = await outsider.api('POST', '/cart/plan', {}, aroha.shortCode);
    expect(res.statusCode).toBe(403);
  });

  it('splits the list across the cheapest stores, counting multibuys', async () => {
    for (const [productId, quantity] of [
      [ids.milk, 1],
      [ids.bread, 1],
      [ids.beans, 3],
      [ids.saffron, 1],
    ]) {
      expect((await aroha.api('POST', '/cart', { productId, quantity })).statusCode).toBe(200);
    }
    const any = await plan({});
    // Milk $4.50 at Pak'nSave (no club card), bread $3.00 at Woolworths, beans 3 for $5.00 at
    // Woolworths (beats 3 x $2.00): Woolworths $8.00 + Pak'nSave $4.50.
    expect(any.stores.map((s) => [s.storeId, s.subtotal])).toEqual([
      [ww, 800],
      [pns, 450],
    ]);
    expect(any.stores[0]?.items).toContainEqual({
      productId: ids.beans,
      quantity: 3,
      unitPrice: 220,
      lineTotal: 500,
      // 3 x $2.00 at Pak'nSave, the trip's other store (issue 49).
      cheaperBy: 100,
      multibuy: { quantity: 3, price: 500 },
      seenAt: expect.any(Number),
    });
    expect(any).toMatchObject({ total: 1250, unpriced: [ids.saffron] });
    // One store: Woolworths has everything for $13.00.
    expect(any.cheapestSingleStore).toEqual({ storeId: ww, total: 1300, unpriced: [ids.saffron] });
    expect(any.saving).toBe(50);
    const one = await plan({ maxStores: 1 });
    expect(one).toMatchObject({ total: 1300, saving: 0, stores: [{ storeId: ww }] });
  });

  it('adds a store only when it saves at least minSaving; without it, as before (issue 49)', async () => {
    // The list above: Pak'nSave beside Woolworths saves 50c (milk $4.50 against $5.00).
    const stores = async (body: object) => (await plan(body)).stores.map((s) => s.storeId);
    expect(await stores({ maxStores: 2 })).toEqual([ww, pns]);
    expect(await stores({ maxStores: 2, minSaving: 50 })).toEqual([ww, pns]);
    const worthIt = await plan({ maxStores: 2, minSaving: 51 });
    expect(worthIt).toMatchObject({ total: 1300, saving: 0, stores: [{ storeId: ww }] });
    expect(await stores({ maxStores: 3, minSaving: 200 })).toEqual([ww]);
    // The milk moved to Pak'nSave says what it saves there.
    const milk = (await plan({ maxStores: 2 })).stores[1]?.items.find((i) => i.productId === ids.milk);
    expect(milk).toMatchObject({ lineTotal: 450, cheaperBy: 50 });
  });

  it('prefers a fresh price to a stale one at another store, and says which lines rest on stale prices', async () => {
    const staleAt = t.clock.now() - 20 * 86_400_000;
    const setSeen = async (storeIds: number[], at: number | null) => {
      await t.ctx.db
        .updateTable('prices')
        .set({ observed_at: at ?? Date.now() })
        .where('product_id', '=', ids.milk)
        .where('store_id', 'in', storeIds)
        .execute();
      forgetCachedPrices();
    };
    try {
      // Pak'nSave's $4.50 milk was last listed 20 days ago: Woolworths' fresh $5.00 is bought instead.
      await setSeen([pns], staleAt);
      const fresh = await plan({});
      expect(fresh.stores.map((s) => [s.storeId, s.subtotal])).toEqual([[ww, 1300]]);
      expect(fresh.stores.flatMap((s) => s.items).some((item) => item.stale)).toBe(false);
      // Every line says when its price was last listed (issue 45), as every other price does.
      const milkLine = fresh.stores.flatMap((s) => s.items).find((item) => item.productId === ids.milk);
      expect(milkLine?.seenAt).toBeGreaterThan(staleAt);
      expect(fresh.stores.flatMap((s) => s.items).every((item) => typeof item.seenAt === 'number')).toBe(
        true,
      );
      // No store has a fresh milk price: the cheapest stale one, and the answer says so.
      await setSeen([nw, pns, ww], staleAt);
      const stale = await plan({});
      const milk = stale.stores.flatMap((s) => s.items).find((item) => item.productId === ids.milk);
      expect(milk).toMatchObject({ unitPrice: 450, stale: true, seenAt: staleAt });
      expect(stale.stores.find((s) => s.storeId === pns)?.items).toHaveLength(1);
    } finally {
      await setSeen([nw, pns, ww], null);
    }
  });

  it('counts a club price only for a chain whose card the household holds', async () => {
    const withCard = await plan({ clubCards: ['newworld'] });
    const milkLine = withCard.stores.flatMap((s) => s.items.map((i) => ({ ...i, storeId: s.storeId })));
    expect(milkLine).toContainEqual(
      expect.objectContaining({ productId: ids.milk, storeId: nw, unitPrice: 390 }),
    );
    expect(withCard.total).toBe(800 + 390);
  });

  it('plans only the stores asked for', async () => {
    const onlyPns = await plan({ storeIds: [pns] });
    expect(onlyPns.stores.map((s) => s.storeId)).toEqual([pns]);
    expect(onlyPns.unpriced.sort()).toEqual([ids.bread, ids.saffron].sort());
  });

  it('counts the round trip from the origin when travel has a price, with each store distance', async () => {
    const origin = { latitude: stores.paknsave.latitude, longitude: stores.paknsave.longitude };
    const free = await plan({ origin });
    expect(free.travelCents).toBeUndefined();
    for (const store of free.stores) expect(store.distanceKm).toEqual(expect.any(Number));
    const costly = await plan({ origin, travelCentsPerKm: 50, maxStores: 2 });
    expect(costly.travelCents).toEqual(expect.any(Number));
    const subtotals = costly.stores.reduce((sum, s) => sum + s.subtotal, 0);
    expect(costly.total).toBe(subtotals + (costly.travelCents ?? 0));
    if (costly.stores.length === 1) {
      const only = stores.all.find((s) => s.id === costly.stores[0]?.storeId) as {
        latitude: number;
        longitude: number;
      };
      expect(costly.travelCents).toBe(Math.round(2 * haversineKm(origin, only) * 50));
    }
  });

  it("buys an 'Any brand' item's cheapest alternative, and never a vetoed one", async () => {
    const set = await aroha.api('PUT', '/cart', { productId: ids.milk, anyBrand: true });
    expect(set.statusCode, set.body).toBe(200);
    const anyBrand = await plan({ storeIds: [pns] });
    expect(anyBrand.stores[0]?.items).toContainEqual({
      productId: ids.pamsMilk,
      quantity: 1,
      unitPrice: 420,
      lineTotal: 420,
      substituteFor: ids.milk,
      seenAt: expect.any(Number),
    });
    await aroha.api('PUT', '/cart', { productId: ids.milk, excludedAlternatives: [ids.pamsMilk] });
    const vetoed = await plan({ storeIds: [pns] });
    expect(vetoed.stores[0]?.items).toContainEqual(
      expect.objectContaining({ productId: ids.milk, lineTotal: 450 }),
    );
    expect(vetoed.stores[0]?.items.some((i) => i.substituteFor !== undefined)).toBe(false);
    await aroha.api('PUT', '/cart', { productId: ids.milk, anyBrand: false, excludedAlternatives: [] });
  });

  describe('refuses unreasonable or wrong requests with 400 in the spec shape', () => {
    it.each([
      [{ maxStores: 6 }, 'maxStores', planMessages.maxStores],
      [{ maxStores: 0 }, 'maxStores', planMessages.maxStores],
      [{ maxStores: 1.5 }, 'maxStores', planMessages.maxStores],
      [
        { storeIds: Array.from({ length: PLAN_MAX_CANDIDATE_STORES + 1 }, (_, i) => i + 1) },
        'storeIds',
        planMessages.storeIds,
      ],
      [{ storeIds: [999_999] }, 'storeIds', planMessages.unknownStore],
      // Past PostgreSQL's integer range: a 400, not the database's refusal as a 500.
      [{ storeIds: [2 ** 40] }, 'storeIds', planMessages.unknownStore],
      [{ travelCentsPerKm: 30 }, 'origin', planMessages.travelNeedsOrigin],
      [{ origin: { latitude: 91, longitude: 174 } }, 'origin', planMessages.latitude],
      [
        { origin: { latitude: -36.8, longitude: 174 }, travelCentsPerKm: -1 },
        'travelCentsPerKm',
        planMessages.travelCentsPerKm,
      ],
      [{ clubCards: ['paknsave'] }, 'clubCards', planMessages.clubCards],
      [{ minSaving: -1 }, 'minSaving', planMessages.minSaving],
      [{ minSaving: 1.5 }, 'minSaving', planMessages.minSaving],
      [{ minSaving: '200' }, 'minSaving', planMessages.minSaving],
      [{ minSaving: 100_001 }, 'minSaving', planMessages.minSaving],
    ])('%j', async (body, field, message) => {
      const answer = await refused(body);
      expect(answer.errors?.[field]?.message).toBe(message);
      expect(answer.message).toBe(message);
    });

    it('refuses a round trip through more stores than a trip can take', async () => {
      const many = stores.all.slice(0, 12).map((s) => s.id);
      // Every one of them must price something for the trip to need them all.
      for (const store of many)
        await priceAt(t.ctx.db, ids.saffron, store, { price: 1400 + store }).catch(() => {});
      const answer = await refused({
        storeIds: many,
        origin: { latitude: -36.85, longitude: 174.76 },
        travelCentsPerKm: 10,
      });
      expect(answer.errors?.maxStores?.message).toBe(planMessages.tourStores);
      // The same with a store limit is fine.
      const ok = await plan({
        storeIds: many,
        origin: { latitude: -36.85, longitude: 174.76 },
        travelCentsPerKm: 10,
        maxStores: 3,
      });
      expect(ok.stores.length).toBeLessThanOrEqual(3);
    });
  });
});

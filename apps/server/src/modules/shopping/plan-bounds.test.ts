// A plan costs bounded work (issue 32, item 2): alternatives through the kind index the ingest
// writes, capped per item; a per-user limit kept in the database; one plan at a time per
// workspace; an unchanged list's plan answered from memory, correctly across processes.
import {
  PLAN_ALTERNATIVES_PER_ITEM,
  PLANS_PER_USER_PER_MINUTE,
  type Plan,
  ZAlternatives,
  ZPlan,
} from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { MINUTE } from '../../lib/clock.js';
import { seededStoreId } from '../../test/fixtures/catalogue-setup.js';
import { stores as feedStores, priceLine, T0 } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { MAX_WAITING, workspaceTurns } from '../limits/workspace-turns.js';
import { planLimitMessages } from './plan.service.js';
import { addWorkspaceStore } from './test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from './test/household.js';
import { kindProduct, priceAt, storeOfEachChain } from './test/plan-fixtures.js';

let t: TestApp;
/** Another server process: its own app and memory, the same database. */
let second: FastifyInstance;
let store: number;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp(t.ctx, { logger: false });
  await second.ready();
  store = (await storeOfEachChain(t.ctx.db)).paknsave.id;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const planOn = (app: FastifyInstance, shopper: Shopper, body: object) =>
  app.inject({
    method: 'POST',
    url: `/api/${shopper.shortCode}/cart/plan`,
    headers: shopper.headers,
    payload: body,
  });
const planOf = (res: { statusCode: number; body: string; json(): unknown }): Plan => {
  expect(res.statusCode, res.body).toBe(200);
  return ZPlan.parse(res.json());
};
/** A starting point of its own: a plan no earlier ask could have been answered with. */
const somewhere = (n: number) => ({ origin: { latitude: -36.8 - n / 1000, longitude: 174.7 } });

async function shopperWithList(email: string, products: number[]): Promise<Shopper> {
  const shopper = await signInShopper(t, email);
  await addWorkspaceStore(t.ctx.db, shopper.workspaceId, store);
  for (const productId of products)
    expect((await shopper.api('POST', '/cart', { productId, quantity: 1 })).statusCode).toBe(200);
  return shopper;
}

describe("'Any brand' alternatives", () => {
  it('are found through the kind the ingest writes, whatever the brand calls it', async () => {
    const at = feedStores.paknsaveAlbany;
    await ingestLines(t.ctx, [
      priceLine(at, { productKey: 'K1', name: 'Anchor Blue Top Milk', brand: 'Anchor', price: 560 }),
      priceLine(at, { productKey: 'K2', name: 'Milk Blue Top', brand: 'Pams', price: 420 }),
      priceLine(at, { productKey: 'K3', name: 'Meadow Fresh Milk Blue Top', brand: 'Meadow Fresh' }),
      priceLine(at, { productKey: 'K4', name: 'Anchor Trim Milk', brand: 'Anchor', price: 400 }),
    ]);
    const rows = await t.ctx.db
      .selectFrom('products as p')
      .innerJoin('product_sources as s', 's.product_id', 'p.id')
      .select(['s.product_key as key', 'p.id', 'p.kind_key as kind'])
      .where('s.product_key', 'in', ['K1', 'K2', 'K3', 'K4'])
      .orderBy('s.product_key')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['blue milk top', 'blue milk top', 'blue milk top', 'milk trim']);
    const [anchor, pams, meadow] = rows.map((r) => r.id);
    const shopper = await signInShopper(t, 'kinds@example.com');
    await addWorkspaceStore(t.ctx.db, shopper.workspaceId, await seededStoreId(t, at));
    const found = ZAlternatives.parse((await shopper.api('GET', `/products/${anchor}/alternatives`)).json());
    expect(found.map((p) => p.id).sort()).toEqual([pams, meadow].sort());

    // A renamed product moves to its new kind with the next ingest.
    await ingestLines(t.ctx, [
      priceLine(at, {
        productKey: 'K3',
        name: 'Meadow Fresh Trim Milk',
        brand: 'Meadow Fresh',
        observedAt: T0 + 1,
      }),
    ]);
    const again = ZAlternatives.parse((await shopper.api('GET', `/products/${anchor}/alternatives`)).json());
    expect(again.map((p) => p.id)).toEqual([pams]);
  });

  it(`are weighed at most ${PLAN_ALTERNATIVES_PER_ITEM} an item by a plan (the lowest ids)`, async () => {
    const listed = await kindProduct(t.ctx.db, {
      name: 'Bound Crackers',
      brand: 'Listed',
      displayUnits: '200g',
    });
    await priceAt(t.ctx.db, listed, store, { price: 500 });
    const others: number[] = [];
    for (let i = 0; i <= PLAN_ALTERNATIVES_PER_ITEM; i++) {
      const id = await kindProduct(t.ctx.db, {
        name: 'Crackers Bound',
        brand: `Maker${i}`,
        displayUnits: '200g',
      });
      others.push(id);
      // The last one, past the item's share, is the cheapest by far.
      await priceAt(t.ctx.db, id, store, { price: i === PLAN_ALTERNATIVES_PER_ITEM ? 100 : 480 - i });
    }
    const shopper = await shopperWithList('bound@example.com', [listed]);
    expect((await shopper.api('PUT', '/cart', { productId: listed, anyBrand: true })).statusCode).toBe(200);
    const plan = planOf(await planOn(t.app, shopper, {}));
    const bought = plan.stores[0]?.items[0];
    // The cheapest of the ten weighed: the tenth, at $4.71.
    expect(bought).toMatchObject({
      substituteFor: listed,
      productId: others[PLAN_ALTERNATIVES_PER_ITEM - 1],
    });
    expect(bought?.lineTotal).toBe(480 - (PLAN_ALTERNATIVES_PER_ITEM - 1));
  });
});

describe('plans a minute', () => {
  it(`works out ${PLANS_PER_USER_PER_MINUTE} a minute per user across processes; the same plan again is free`, async () => {
    const bread = await kindProduct(t.ctx.db, { name: 'Limit Bread', brand: 'Limit' });
    await priceAt(t.ctx.db, bread, store, { price: 300 });
    const shopper = await shopperWithList('limits@example.com', [bread]);
    // The same list and request: answered from memory, by either process, and never counted.
    const first = planOf(await planOn(t.app, shopper, somewhere(0)));
    for (let i = 0; i < PLANS_PER_USER_PER_MINUTE + 5; i++)
      expect(planOf(await planOn(i % 2 ? second : t.app, shopper, somewhere(0)))).toEqual(first);
    // New plans: counted in the database, whichever process works them out.
    for (let n = 1; n < PLANS_PER_USER_PER_MINUTE; n++)
      expect((await planOn(n % 2 ? second : t.app, shopper, somewhere(n))).statusCode).toBe(200);
    for (const app of [t.app, second]) {
      const refused = await planOn(app, shopper, somewhere(9999));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: planLimitMessages.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    t.clock.advance(MINUTE);
    expect((await planOn(t.app, shopper, somewhere(9999))).statusCode).toBe(200);
  });
});

describe('a plan kept in memory', () => {
  it("is never another process's older answer: a change anywhere is seen at once", async () => {
    const milk = await kindProduct(t.ctx.db, { name: 'Memory Milk', brand: 'Memory' });
    const eggs = await kindProduct(t.ctx.db, { name: 'Memory Eggs', brand: 'Memory' });
    await priceAt(t.ctx.db, milk, store, { price: 450 });
    await priceAt(t.ctx.db, eggs, store, { price: 700 });
    const shopper = await shopperWithList('memory@example.com', [milk]);
    expect(planOf(await planOn(t.app, shopper, {})).total).toBe(450);
    expect(planOf(await planOn(second, shopper, {})).total).toBe(450);
    // Changed through the other process: both answer the new list.
    const add = await second.inject({
      method: 'POST',
      url: `/api/${shopper.shortCode}/cart`,
      headers: shopper.headers,
      payload: { productId: eggs, quantity: 2 },
    });
    expect(add.statusCode).toBe(200);
    expect(planOf(await planOn(t.app, shopper, {})).total).toBe(450 + 1400);
    // A price changed behind both (an ingest announces itself; so does the fixture).
    await t.ctx.db.updateTable('prices').set({ price: 400 }).where('product_id', '=', milk).execute();
    await priceAt(t.ctx.db, milk, (await storeOfEachChain(t.ctx.db)).newWorld.id, { price: 999 });
    expect(planOf(await planOn(t.app, shopper, {})).total).toBe(400 + 1400);
  });
});

describe('plans of one workspace', () => {
  it('are worked out one at a time, across processes; a crowd waiting is refused', async () => {
    const rice = await kindProduct(t.ctx.db, { name: 'Turn Rice', brand: 'Turn' });
    await priceAt(t.ctx.db, rice, store, { price: 250 });
    const shopper = await shopperWithList('turns@example.com', [rice]);
    // Another process is working out a plan of this workspace: it holds the turn.
    const turns = workspaceTurns(t.ctx.db, 'plan-turn', planLimitMessages.busy, () => t.clock.now());
    const release = await turns.take(shopper.workspaceId);
    if (!release) throw new Error('the turn should be free');
    expect(await turns.take(shopper.workspaceId)).toBeNull();
    const waiting = [0, 1, 2].map((n) => planOn(second, shopper, somewhere(100 + n)));
    let answered = 0;
    for (const ask of waiting) void ask.then(() => answered++);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(0);
    // More than MAX_WAITING behind the one waiting for its turn: refused at once.
    const crowd = await planOn(second, shopper, somewhere(200));
    expect(crowd.statusCode).toBe(429);
    expect(crowd.json()).toEqual({ message: planLimitMessages.busy });
    expect(MAX_WAITING).toBe(2);
    await release();
    for (const res of await Promise.all(waiting)) expect(res.statusCode).toBe(200);
    // The turn is free again once they are done.
    const again = await turns.take(shopper.workspaceId);
    expect(again).not.toBeNull();
    await again?.();
  });
});

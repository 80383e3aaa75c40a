// Issue 33 item 6: a household's own "same product" groups, their routes, start-up data, live
// event, and the plan buying a group's cheapest member by unit price.
import { equivalentMessages, type WorkspaceEvent, ZPlan } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialect } from '../../test/test-database.js';
import { listenLocally, openLiveStream } from '../events/test/sse-client.js';
import { addWorkspaceStore, createProduct, setPrice } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../shopping/test/household.js';

const postgres = testDialect() === 'postgres';
let t: TestApp;
let aroha: Shopper;
let ben: Shopper;
let cleo: Shopper;
let stores: number[];
let ids: number[];
let base: string;

beforeAll(async () => {
  t = await buildTestApp(postgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {});
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  cleo = await signInShopper(t, 'cleo@example.com');
  await shareWith(aroha, ben);
  const own = ben.api;
  ben = {
    ...ben,
    api: (method, path, payload, shortCode = aroha.shortCode) => own(method, path, payload, shortCode),
  };
  stores = (await t.ctx.db.selectFrom('stores').select('id').orderBy('id').limit(2).execute()).map(
    (s) => s.id,
  );
  ids = [];
  for (const name of ['Milk 1L', 'Milk 2L', 'Milk 3L', 'Oat Milk 1L', 'Soy Milk 1L'])
    ids.push(await createProduct(t.ctx.db, { name }));
  base = await listenLocally(t.app);
});
afterAll(() => t.close());

const groupsOf = async (who: Shopper) => {
  const res = await who.api('GET', '/equivalents');
  expect(res.statusCode).toBe(200);
  return (res.json() as { groups: { productIds: number[] }[] }).groups.map((g) => g.productIds);
};
const id = (i: number) => ids[i] as number;

describe('groups of the same product', () => {
  it('are created, extended and merged by any member, and seen live by the others', async () => {
    const stream = await openLiveStream(
      `${base}/api/${aroha.shortCode}/events`,
      ben.headers.authorization.slice('Bearer '.length),
    );
    await stream.next('ready');
    const created = await aroha.api('PUT', '/equivalents', { productIds: [id(1), id(0)] });
    expect(created.statusCode).toBe(200);
    expect(created.json().groups.map((g: { productIds: number[] }) => g.productIds)).toEqual([
      [id(0), id(1)],
    ]);
    const event = (await stream.next('change'))?.data as WorkspaceEvent;
    expect(event).toMatchObject({ topic: 'equivalents', byUserId: aroha.userId });
    stream.close();

    // Ben (a Shared member switched in) makes a second group, then extends the first.
    expect((await ben.api('PUT', '/equivalents', { productIds: [id(3), id(4)] })).statusCode).toBe(200);
    expect((await ben.api('PUT', '/equivalents', { productIds: [id(0), id(2)] })).statusCode).toBe(200);
    expect(await groupsOf(aroha)).toEqual([
      [id(0), id(1), id(2)],
      [id(3), id(4)],
    ]);
    // Naming members of both groups merges them into one.
    expect((await aroha.api('PUT', '/equivalents', { productIds: [id(2), id(3)] })).statusCode).toBe(200);
    expect(await groupsOf(ben)).toEqual([[id(0), id(1), id(2), id(3), id(4)]]);
  });

  it('lose one product at a time; a group of one disappears', async () => {
    expect((await ben.api('DELETE', `/equivalents/${id(4)}`)).statusCode).toBe(200);
    expect((await aroha.api('DELETE', `/equivalents/${id(3)}`)).statusCode).toBe(200);
    expect((await aroha.api('DELETE', `/equivalents/${id(2)}`)).statusCode).toBe(200);
    expect(await groupsOf(aroha)).toEqual([[id(0), id(1)]]);
    const gone = await aroha.api('DELETE', `/equivalents/${id(3)}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(equivalentMessages.notGrouped);
    expect((await aroha.api('DELETE', `/equivalents/${id(1)}`)).statusCode).toBe(200);
    expect(await groupsOf(aroha)).toEqual([]);
  });

  it('refuse unknown ids, too few, too many and duplicates in the error shape', async () => {
    const refused = async (productIds: unknown, message: string) => {
      const res = await aroha.api('PUT', '/equivalents', { productIds });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors.productIds.message).toBe(message);
      expect(res.body).not.toContain('stack');
    };
    await refused([id(0), 2147483000], equivalentMessages.unknown);
    await refused([id(0)], equivalentMessages.tooFew);
    await refused([id(0), id(0)], equivalentMessages.duplicates);
    await refused(
      Array.from({ length: 13 }, (_, i) => i + 1),
      equivalentMessages.tooMany,
    );
    expect(await groupsOf(aroha)).toEqual([]);
  });

  it('are a member matter: a stranger is refused', async () => {
    expect((await cleo.api('GET', '/equivalents', undefined, aroha.shortCode)).statusCode).toBe(403);
    expect(
      (await cleo.api('PUT', '/equivalents', { productIds: [id(0), id(1)] }, aroha.shortCode)).statusCode,
    ).toBe(403);
    expect((await cleo.api('DELETE', `/equivalents/${id(0)}`, undefined, aroha.shortCode)).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/${aroha.shortCode}/equivalents` })).statusCode,
    ).toBe(401);
    expect(await groupsOf(aroha)).toEqual([]);
  });

  it('are listed in the start-up data of the Owner and of a member switched in', async () => {
    await aroha.api('PUT', '/equivalents', { productIds: [id(0), id(1)] });
    const start = (
      await t.app.inject({ method: 'POST', url: '/api/init/start', headers: aroha.headers })
    ).json();
    expect(start.equivalents.map((g: { productIds: number[] }) => g.productIds)).toEqual([[id(0), id(1)]]);
    const switched = (
      await t.app.inject({ method: 'POST', url: `/api/init/switch/${aroha.shortCode}`, headers: ben.headers })
    ).json();
    expect(switched.equivalents).toEqual(start.equivalents);
  });
});

describe('the plan', () => {
  it("buys a group's cheapest member by unit price and names it", async () => {
    const [one, two] = stores as [number, number];
    await addWorkspaceStore(t.ctx.db, aroha.workspaceId, one);
    await addWorkspaceStore(t.ctx.db, aroha.workspaceId, two);
    // 1 L at $3.00 ($3.00/L) at one store; 2 L at $5.00 ($2.50/L) at both: the 2 L is bought.
    await setPrice(t.ctx.db, id(0), one, 300);
    await setPrice(t.ctx.db, id(1), one, 500);
    const unit = (productId: number, perLitre: number) =>
      t.ctx.db
        .updateTable('prices')
        .set({ comparative_price: perLitre, comparative_measure: '1L' })
        .where('product_id', '=', productId)
        .execute();
    await unit(id(0), 300);
    await unit(id(1), 250);
    await aroha.api('POST', '/cart', { productId: id(0), quantity: 2 });
    const res = await ben.api('POST', '/cart/plan', { storeIds: [one, two] });
    expect(res.statusCode).toBe(200);
    const plan = ZPlan.parse(res.json());
    expect(plan.stores[0]?.items).toEqual([
      expect.objectContaining({ productId: id(1), substituteFor: id(0), sameProduct: true, lineTotal: 1000 }),
    ]);
    expect(plan.total).toBe(1000);
    // Out of the group, the listed product is bought again (the kept plan is not reused).
    await aroha.api('DELETE', `/equivalents/${id(1)}`);
    const alone = ZPlan.parse((await ben.api('POST', '/cart/plan', { storeIds: [one, two] })).json());
    expect(alone.stores[0]?.items).toEqual([expect.objectContaining({ productId: id(0), lineTotal: 600 })]);
    expect(alone.stores[0]?.items[0]?.substituteFor).toBeUndefined();
  });
});

// Issue 44 items 2 and 3: removal ends the trip and the pushes at once, and Web Push stays within
// bounds (10 devices a user, no endpoint taken from another user, 60 pushes a minute a user and
// 300 a workspace, a device failing 3 times in a row dropped). Real app, real local push service.
import { PUSH_SUBSCRIPTIONS_PER_USER } from '@kete/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE } from '../../../lib/clock.js';
import { seededStoreId } from '../../../test/fixtures/catalogue-setup.js';
import { stores } from '../../../test/fixtures/feed-lines.js';
import { TestPushService, type TestSubscription } from '../../../test/push-service.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { rateLimits } from '../../limits/rate-limits.js';
import { createProduct } from '../../shopping/test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from '../../shopping/test/household.js';
import { ENDPOINT_TAKEN_MESSAGE, pushesSettled, pushService } from './push.service.js';

let t: TestApp;
let service: TestPushService;
let store: number;
let bread: number;
let n = 0;
const ALL = { drops: 'instant', shopping: true, addedWhileShopping: true } as const;

const subscribe = (who: Shopper, subscription: TestSubscription) =>
  who.request({ method: 'PUT', url: '/api/me/push', payload: { subscription, topics: ALL } });
const devicesOf = async (who: Shopper) =>
  (
    await t.ctx.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', who.userId)
      .orderBy('created_at')
      .execute()
  ).map((d) => d.endpoint);
/** A new household of two: the Owner and a Shared member. */
async function household() {
  n++;
  const owner = await signInShopper(t, `owner${n}@example.com`);
  const member = await signInShopper(t, `member${n}@example.com`);
  await shareWith(owner, member);
  return { owner, member };
}
const DROP = [{ name: 'Milk', store: 'Albany', oldPrice: 500, newPrice: 400 }];

beforeAll(async () => {
  process.env.KETE_PUSH_ALLOW_PRIVATE = '1';
  t = await buildTestApp();
  service = new TestPushService();
  await service.start();
  store = await seededStoreId(t, stores.paknsaveAlbany);
  bread = await createProduct(t.ctx.db, { name: 'Sourdough Bread' });
});
afterAll(async () => {
  await t.close();
  await service.close();
  delete process.env.KETE_PUSH_ALLOW_PRIVATE;
});
beforeEach(() => {
  process.env.KETE_PUSH_ALLOW_PRIVATE = '1';
});

describe('removing a member', () => {
  it.each(['removed by the Owner', 'leaving'])(
    'ends their trip and their pushes about the workspace at once (%s)',
    async (how) => {
      const { owner, member } = await household();
      const phone = service.subscribe();
      expect((await subscribe(member, phone)).statusCode).toBe(200);
      expect((await member.api('POST', '/trip', { storeId: store }, owner.shortCode)).statusCode).toBe(200);
      const before = await owner.api('GET', '/trip');
      expect(before.json().trip).toMatchObject({ userId: member.userId });
      // While a member, the shopper hears of the Owner's add.
      await owner.api('POST', '/cart', { productId: bread, quantity: 1 });
      await pushesSettled(t.ctx);
      expect(service.for(phone)).toHaveLength(1);

      const removed =
        how === 'leaving'
          ? await member.request({ method: 'DELETE', url: `/api/${owner.shortCode}/access/me` })
          : await owner.api('DELETE', `/access/${member.email}`);
      expect(removed.statusCode).toBe(204);
      expect((await owner.api('GET', '/trip')).json()).toEqual({ trip: null });
      expect(await t.ctx.db.selectFrom('shopping_trips').selectAll().execute()).not.toContainEqual(
        expect.objectContaining({ user_id: member.userId, workspace_id: owner.workspaceId }),
      );
      await owner.api('POST', '/cart', { productId: bread, quantity: 2 });
      await owner.api('POST', '/trip', { storeId: store });
      await pushesSettled(t.ctx);
      expect(service.for(phone)).toHaveLength(1);
    },
  );

  it('re-checks membership just before each push', async () => {
    const { owner, member } = await household();
    const phone = service.subscribe();
    await subscribe(member, phone);
    const trip = { memberName: 'Member', userId: member.userId, storeId: store, startedAt: t.clock.now() };
    const push = pushService(t.ctx);
    expect(await push.addedWhileShopping(owner.workspaceId, trip, 'Owner', 'Bread', owner.shortCode)).toBe(1);
    await owner.api('DELETE', `/access/${member.email}`);
    // A push already decided on (the trip read before the removal) is not sent after it.
    expect(await push.addedWhileShopping(owner.workspaceId, trip, 'Owner', 'Bread', owner.shortCode)).toBe(0);
    expect(service.for(phone)).toHaveLength(1);
  });
});

describe('push subscriptions', () => {
  it(`are at most ${PUSH_SUBSCRIPTIONS_PER_USER} a user: the 11th pushes out the oldest`, async () => {
    const { member } = await household();
    const phones = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 1 }, () => service.subscribe());
    for (const phone of phones) {
      expect((await subscribe(member, phone)).statusCode).toBe(200);
      t.clock.advance(1000);
    }
    const kept = await devicesOf(member);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(phones[0]?.endpoint);
    expect(kept).toContain(phones[PUSH_SUBSCRIPTIONS_PER_USER]?.endpoint);
    // Saving one of them again keeps the number (and that device).
    expect((await subscribe(member, phones[5] as TestSubscription)).statusCode).toBe(200);
    expect(await devicesOf(member)).toEqual(kept);
  });

  it("refuse another user's endpoint with 409 and leave it theirs", async () => {
    const { owner, member } = await household();
    const phone = service.subscribe();
    await subscribe(owner, phone);
    const stolen = await subscribe(member, { ...phone, keys: service.subscribe().keys });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual({ message: ENDPOINT_TAKEN_MESSAGE });
    expect(await devicesOf(owner)).toEqual([phone.endpoint]);
    expect(await devicesOf(member)).toEqual([]);
    // The owner's pushes still reach the owner's keys.
    expect(
      await pushService(t.ctx).drops(await pushService(t.ctx).dropDevices(owner.userId, 'instant'), DROP),
    ).toBe(1);
    expect(service.for(phone)).toHaveLength(1);
  });
});

describe('pushes', () => {
  it('are at most 60 a minute to one user, across their devices', async () => {
    const { member } = await household();
    const phones = [service.subscribe(), service.subscribe()];
    for (const phone of phones) await subscribe(member, phone);
    const push = pushService(t.ctx);
    t.clock.advance(MINUTE - (t.clock.now() % MINUTE));
    let accepted = 0;
    for (let i = 0; i < 31; i++)
      accepted += await push.drops(await push.dropDevices(member.userId, 'instant'), DROP);
    expect(accepted).toBe(60);
    expect(
      service.for(phones[0] as TestSubscription).length + service.for(phones[1] as TestSubscription).length,
    ).toBe(60);
    t.clock.advance(MINUTE);
    expect(await push.drops(await push.dropDevices(member.userId, 'instant'), DROP)).toBe(2);
  });

  it('are at most 300 a minute about one workspace', async () => {
    const { owner, member } = await household();
    const phone = service.subscribe();
    await subscribe(member, phone);
    const trip = { memberName: 'Member', userId: member.userId, storeId: store, startedAt: t.clock.now() };
    const push = pushService(t.ctx);
    t.clock.advance(MINUTE - (t.clock.now() % MINUTE));
    // 299 pushes about this workspace went to its other members' devices this minute.
    await rateLimits(t.ctx.db).hit(`push-workspace:${owner.workspaceId}`, MINUTE, t.clock.now(), 299);
    expect(await push.addedWhileShopping(owner.workspaceId, trip, 'Owner', 'Bread', owner.shortCode)).toBe(1);
    expect(await push.addedWhileShopping(owner.workspaceId, trip, 'Owner', 'Bread', owner.shortCode)).toBe(0);
    expect(service.for(phone)).toHaveLength(1);
  });

  it('drop a device that fails 3 times in a row; a success in between starts the count again', async () => {
    const { member } = await household();
    const flaky = service.subscribe();
    const dead = { ...service.subscribe(), endpoint: 'http://127.0.0.1:1/push/dead' };
    await subscribe(member, flaky);
    await subscribe(member, dead);
    const push = pushService(t.ctx);
    const send = async () => {
      t.clock.advance(MINUTE);
      return push.drops(await push.dropDevices(member.userId, 'instant'), DROP);
    };
    service.answer(flaky, 500);
    expect(await send()).toBe(0);
    expect(await send()).toBe(0);
    service.answer(flaky, 201);
    expect(await send()).toBe(1);
    service.answer(flaky, 503);
    expect(await send()).toBe(0);
    // The dead one (never answering) has failed 3 times in a row and is gone; the flaky one has
    // failed once since its success and is kept, until its third failure in a row.
    expect(await devicesOf(member)).toEqual([flaky.endpoint]);
    expect(await send()).toBe(0);
    expect(await devicesOf(member)).toEqual([flaky.endpoint]);
    expect(await send()).toBe(0);
    expect(await devicesOf(member)).toEqual([]);
  });
});

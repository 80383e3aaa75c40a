import { Feature } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../test/fixtures/catalogue-setup.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { usersRepository } from '../users/users.repository.js';

let t: TestApp;
let storeIds: Awaited<ReturnType<typeof loadCatalogue>>;

beforeAll(async () => {
  t = await buildTestApp();
  storeIds = await loadCatalogue(t);
});
afterAll(() => t.close());

describe('statistics', () => {
  it("counts specials and prices at each of the user's workspace stores", async () => {
    const user = await t.signIn('stats@example.com');
    const { shortCode } = (await user.request({ method: 'POST', url: '/api/init/start' })).json().workspace;
    for (const id of [storeIds.newWorld, storeIds.paknsave]) {
      await user.request({ method: 'POST', url: `/api/${shortCode}/stores/${id}` });
    }
    const res = await user.request({ method: 'GET', url: '/api/statistics' });
    expect(res.statusCode).toBe(200);
    const byStore = (entries: { storeId: number; count: number }[]) =>
      Object.fromEntries(entries.map((e) => [e.storeId, e.count]));
    expect(byStore(res.json().specials)).toEqual({ [storeIds.newWorld]: 2, [storeIds.paknsave]: 1 });
    expect(byStore(res.json().prices)).toEqual({ [storeIds.newWorld]: 4, [storeIds.paknsave]: 62 });
  });

  it('counts the stores of a shared workspace the user switched into, when asked by shortCode', async () => {
    const owner = await t.signIn('stats-owner@example.com');
    const { shortCode } = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace;
    await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${storeIds.paknsave}` });
    const friend = await t.signIn('stats-friend@example.com');
    const friendOwn = (await friend.request({ method: 'POST', url: '/api/init/start' })).json().workspace;
    await friend.request({ method: 'POST', url: `/api/${friendOwn.shortCode}/stores/${storeIds.newWorld}` });
    const granted = await owner.request({
      method: 'POST',
      url: `/api/${shortCode}/access`,
      payload: { email: 'stats-friend@example.com' },
    });
    expect(granted.statusCode).toBe(200);
    const accepted = await friend.request({ method: 'POST', url: `/api/${shortCode}/access/me` });
    expect(accepted.statusCode).toBe(200);

    const shared = await friend.request({ method: 'GET', url: `/api/statistics?workspace=${shortCode}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({
      specials: [{ storeId: storeIds.paknsave, count: 1 }],
      prices: [{ storeId: storeIds.paknsave, count: 62 }],
    });
    // Without the parameter it is still the user's own workspace (the answer's shape is unchanged).
    const own = await friend.request({ method: 'GET', url: '/api/statistics' });
    expect(own.json().prices).toEqual([{ storeId: storeIds.newWorld, count: 4 }]);
  });

  it("refuses a workspace the user is not a member of, and a malformed one, in the spec's shape", async () => {
    const stranger = await t.signIn('stats-stranger@example.com');
    await stranger.request({ method: 'POST', url: '/api/init/start' });
    const owner = await t.signIn('stats-owner@example.com');
    const { shortCode } = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace;
    const res = await stranger.request({ method: 'GET', url: `/api/statistics?workspace=${shortCode}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to this shopping list.');
    const long = await stranger.request({
      method: 'GET',
      url: `/api/statistics?workspace=${'x'.repeat(65)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(typeof long.json().message).toBe('string');
  });

  it('refuses a user without the Statistics feature', async () => {
    const user = await t.signIn('no-stats@example.com');
    const users = usersRepository(t.ctx.db);
    const found = await users.findByEmail('no-stats@example.com');
    if (!found) throw new Error('user missing');
    await users.setFeatures(found.id, [Feature.AccessList]);
    const res = await user.request({ method: 'GET', url: '/api/statistics' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Statistics are not turned on for your account.');
  });
});

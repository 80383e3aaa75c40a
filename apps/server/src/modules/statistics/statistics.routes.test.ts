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

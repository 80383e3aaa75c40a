import { AccessLevel } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../test/fixtures/catalogue-setup.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: SignedIn;
let shared: SignedIn;
let stranger: SignedIn;
let shortCode: string;
let storeIds: Awaited<ReturnType<typeof loadCatalogue>>;

const initOf = async (user: SignedIn) =>
  (await user.request({ method: 'POST', url: '/api/init/start' })).json();

beforeAll(async () => {
  t = await buildTestApp();
  storeIds = await loadCatalogue(t);
  owner = await t.signIn('owner@example.com');
  shared = await t.signIn('shared@example.com');
  stranger = await t.signIn('stranger@example.com');
  shortCode = (await initOf(owner)).workspace.shortCode;
  // A Shared member: the grant-access flow belongs to another area, so the row is written directly.
  const workspace = await t.ctx.db
    .selectFrom('workspaces')
    .select('id')
    .where('short_code', '=', shortCode)
    .executeTakeFirstOrThrow();
  const sharedUser = await t.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'shared@example.com')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('workspace_members')
    .values({
      workspace_id: workspace.id,
      user_id: sharedUser.id,
      access_level: AccessLevel.Shared,
      created_at: 0,
    })
    .execute();
});
afterAll(() => t.close());

const storeIdsIn = async (user: SignedIn) =>
  (await initOf(user)).stores.workspace.map((s: { id: number }) => s.id).sort();

describe('choosing the workspace stores', () => {
  it('lets the Owner add and remove stores', async () => {
    const added = await owner.request({
      method: 'POST',
      url: `/api/${shortCode}/stores/${storeIds.paknsave}`,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().store.id).toBe(storeIds.paknsave);
    // Adding twice is harmless.
    expect(
      (await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${storeIds.paknsave}` }))
        .statusCode,
    ).toBe(200);
    await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${storeIds.woolworths}` });
    expect(await storeIdsIn(owner)).toEqual([storeIds.paknsave, storeIds.woolworths].sort());

    const removed = await owner.request({
      method: 'DELETE',
      url: `/api/${shortCode}/stores/${storeIds.woolworths}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await storeIdsIn(owner)).toEqual([storeIds.paknsave]);
  });

  it('refuses a Shared member with 403', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await shared.request({ method, url: `/api/${shortCode}/stores/${storeIds.newWorld}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the owner of this shopping list can do that.');
    }
    expect(await storeIdsIn(owner)).toEqual([storeIds.paknsave]);
  });

  it('answers 404 for an unknown store and 400 for a bad store id', async () => {
    const unknown = await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/999999` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That store was not found.');
    const bad = await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.storeId.message).toBe('Choose a store.');
  });
});

describe('catalogue routes of a workspace', () => {
  it('refuses everyone who is not a member with 403, and lets a Shared member read', async () => {
    const [product] = (
      await owner.request({
        method: 'POST',
        url: `/api/${shortCode}/products/search`,
        payload: { text: 'milk' },
      })
    ).json();
    const routes = [
      { method: 'POST', url: `/api/${shortCode}/products/search`, payload: { text: 'milk' } },
      { method: 'GET', url: `/api/${shortCode}/products/${product.id}` },
      { method: 'GET', url: `/api/${shortCode}/products/${product.id}/prices` },
      { method: 'GET', url: `/api/${shortCode}/stores/${storeIds.paknsave}/specials` },
      { method: 'POST', url: `/api/${shortCode}/stores/${storeIds.newWorld}` },
      { method: 'DELETE', url: `/api/${shortCode}/stores/${storeIds.paknsave}` },
    ] as const;
    for (const route of routes) {
      const res = await stranger.request(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().message).toBe('You do not have access to this shopping list.');
    }
    for (const route of routes.slice(0, 4)) {
      expect((await shared.request(route)).statusCode, `${route.method} ${route.url}`).toBe(200);
    }
    expect(await storeIdsIn(owner)).toEqual([storeIds.paknsave]);
  });

  it('asks for a session on every catalogue route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${shortCode}/products/search`,
      payload: { text: 'milk' },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/statistics' })).statusCode).toBe(401);
  });
});

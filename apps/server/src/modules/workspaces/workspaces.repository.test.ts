// A workspace request's user and membership are read at once (plugins/authentication.ts): the one
// read must answer what the two separate reads answer, for members, strangers and unknown users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { usersRepository } from '../users/users.repository.js';
import { workspacesRepository } from './workspaces.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the user and their membership in one read', () => {
  it('answers what the user and membership reads answer, stores included', async () => {
    const owner = await t.signIn('one-read-owner@example.com');
    const { shortCode } = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace;
    const stranger = await t.signIn('one-read-stranger@example.com');
    await stranger.request({ method: 'POST', url: '/api/init/start' });
    const stores = (await t.ctx.db.selectFrom('stores').select('id').limit(2).execute()).map((s) => s.id);
    for (const id of stores) await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${id}` });

    const users = usersRepository(t.ctx.db);
    const workspaces = workspacesRepository(t.ctx.db);
    const ownerUser = await users.findByEmail('one-read-owner@example.com');
    const strangerUser = await users.findByEmail('one-read-stranger@example.com');
    if (!ownerUser || !strangerUser) throw new Error('both signed in');

    const asOwner = await workspaces.findUserAndMembership(ownerUser.id, shortCode);
    expect(asOwner?.user).toEqual(await users.findById(ownerUser.id));
    expect(asOwner?.membership).toEqual(await workspaces.findMembership(ownerUser.id, shortCode));
    expect(asOwner?.membership?.storeIds?.sort()).toEqual([...stores].sort());

    // A stranger to the workspace, and a code no workspace has: the user, without a membership.
    expect(await workspaces.findUserAndMembership(strangerUser.id, shortCode)).toEqual({
      user: await users.findById(strangerUser.id),
      membership: undefined,
    });
    expect(
      (await workspaces.findUserAndMembership(ownerUser.id, 'no-such-code'))?.membership,
    ).toBeUndefined();
    // No such user: nothing.
    expect(await workspaces.findUserAndMembership(999_999, shortCode)).toBeUndefined();
  });
});

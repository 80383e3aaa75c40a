import { compareByName, ZInitialData } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedStores } from '../../db/seed/stores.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let aroha: SignedIn;
let ben: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  aroha = await t.signIn('aroha@example.com');
  ben = await t.signIn('ben@example.com');
});
afterAll(() => t.close());

const start = (user: SignedIn) => user.request({ method: 'POST', url: '/api/init/start' });
const switchTo = (user: SignedIn, shortCode: string) =>
  user.request({ method: 'POST', url: `/api/init/switch/${shortCode}` });

describe('POST /api/init/start', () => {
  it('answers the full initial data shape for a new user', async () => {
    const res = await start(aroha);
    expect(res.statusCode).toBe(200);
    const data = ZInitialData.parse(res.json());
    expect(data.member).toEqual({
      displayName: 'Aroha',
      email: 'aroha@example.com',
      features: ['AccessList', 'Statistics'],
      priceAlerts: true,
    });
    expect(data.accessLevel).toBe(0);
    expect(data.workspace).toEqual({ shortCode: expect.stringMatching(/^[a-z0-9]{10}$/), sharedName: null });
    expect(data.sharedWorkspaces).toEqual([data.workspace]);
    expect(data.stores.workspace).toEqual([]);
    expect(data).toMatchObject({ favourites: [], specials: [], lists: [], demoCatalogue: false });
  });

  it('lists every real NZ store, sorted by name, with type and coordinates', async () => {
    const { stores } = ZInitialData.parse((await start(aroha)).json());
    const seed = readSeedStores();
    expect(stores.all).toHaveLength(seed.length);
    expect(stores.all.length).toBeGreaterThan(380);
    expect(stores.all.map((s) => s.name)).toEqual([...stores.all].sort(compareByName).map((s) => s.name));
    expect(stores.all.map((s) => s.id)).not.toEqual([...stores.all].map((s) => s.id).sort((a, b) => a - b));
    const albany = stores.all.find((s) => s.name === 'New World Albany');
    expect(albany).toMatchObject({ type: 1, latitude: -36.728207, longitude: 174.710519 });
    expect(new Set(stores.all.map((s) => s.type))).toEqual(new Set([1, 2, 3]));
  });

  it('gives every user a workspace of their own', async () => {
    const mine = ZInitialData.parse((await start(aroha)).json()).workspace.shortCode;
    const theirs = ZInitialData.parse((await start(ben)).json()).workspace.shortCode;
    expect(mine).not.toBe(theirs);
  });
});

describe('POST /api/init/switch/:shortCode', () => {
  it('switches into a workspace the user belongs to', async () => {
    const own = ZInitialData.parse((await start(aroha)).json()).workspace.shortCode;
    const res = await switchTo(aroha, own);
    expect(res.statusCode).toBe(200);
    expect(ZInitialData.parse(res.json()).workspace.shortCode).toBe(own);
  });

  it("answers workspace_unknown for someone else's workspace, leaking nothing of it", async () => {
    const bens = ZInitialData.parse((await start(ben)).json()).workspace.shortCode;
    const res = await switchTo(aroha, bens);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ workspace_unknown: true });
  });

  it('answers workspace_unknown for a shortCode that does not exist', async () => {
    expect((await switchTo(aroha, 'zzzzzzzzzz')).json()).toEqual({ workspace_unknown: true });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/init/switch/anything' });
    expect(res.statusCode).toBe(401);
  });
});

// The API client and what the device kept (decision 0017): answers are handed over to be kept, a
// read that cannot be sent (or is slow past KEPT_WAIT_MS) is answered with what was kept, and a
// 403 is reported so the workspace can be forgotten.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClient, KEPT_WAIT_MS, type OfflineHooks } from './api-client.js';
import { ApiRequestError } from './api-errors.js';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The client over a scripted fetch, with hooks that keep answers in a map. */
function setUp(fetchAnswer: (path: string) => Promise<Response>, offline = false) {
  const kept = new Map<string, unknown>();
  const remembered: string[] = [];
  const refused: { path: string; status: number }[] = [];
  const navigations: string[] = [];
  const hooks: OfflineHooks = {
    hold: () => null,
    overlay: (_path, body) => body,
    isOffline: () => offline,
    remember: (path, method, body) => {
      remembered.push(`${method} ${path}`);
      kept.set(path, body);
    },
    recall: async (path) => kept.get(path),
    hasKept: (path) => kept.has(path),
    refused: (path, status) => refused.push({ path, status }),
  };
  const deps: ApiClientDeps = {
    fetch: ((input: RequestInfo | URL) => fetchAnswer(String(input))) as typeof fetch,
    getSession: () => ({ access_token: 'a', refresh_token: 'r' }),
    setSession: () => {},
    clearSession: () => {},
    navigate: (to) => navigations.push(to),
    loadingStart: () => {},
    loadingStop: () => {},
    now: () => 0,
    timezoneOffset: () => 0,
    offline: () => hooks,
  };
  return { client: createApiClient(deps), kept, remembered, refused, navigations };
}

const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => vi.useRealTimers());

describe('answers the device keeps', () => {
  it('hands every good answer over, start-up POSTs included', async () => {
    const { client, remembered } = setUp(async () => json(200, { ok: true }));
    await client.request('/api/abc/cart');
    await client.post('/api/init/switch/abc');
    expect(remembered).toEqual(['GET /api/abc/cart', 'POST /api/init/switch/abc']);
  });

  it('answer a read that cannot be sent, with no error page', async () => {
    const { client, kept, navigations } = setUp(noConnection);
    kept.set('/api/abc/cart', [{ product: { id: 1 }, quantity: 2 }]);
    kept.set('/api/init/switch/abc', { workspace: { shortCode: 'abc' } });
    await expect(client.request('/api/abc/cart')).resolves.toEqual([{ product: { id: 1 }, quantity: 2 }]);
    await expect(client.post('/api/init/switch/abc')).resolves.toEqual({ workspace: { shortCode: 'abc' } });
    expect(navigations).toEqual([]);
  });

  it('without one, offline fails as offline (status 0) in place; online it is the network page', async () => {
    const offline = setUp(noConnection, true);
    const failure = await offline.client.request('/api/abc/lists/3').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).status).toBe(0);
    expect(offline.navigations).toEqual([]);
    const online = setUp(noConnection, false);
    await online.client.request('/api/abc/lists/3').catch(() => undefined);
    expect(online.navigations).toEqual(['/e/network']);
  });

  it(`answer a slow read after ${KEPT_WAIT_MS} ms, and keep what the network brings later`, async () => {
    vi.useFakeTimers();
    let arrive: (response: Response) => void = () => {};
    const { client, kept } = setUp(() => new Promise<Response>((resolve) => (arrive = resolve)));
    kept.set('/api/abc/cart', ['as kept']);
    const answer = client.request('/api/abc/cart');
    await vi.advanceTimersByTimeAsync(KEPT_WAIT_MS);
    await expect(answer).resolves.toEqual(['as kept']);
    arrive(json(200, ['from the server']));
    await vi.waitFor(() => expect(kept.get('/api/abc/cart')).toEqual(['from the server']));
  });

  it('waits as long as it takes for a read nothing is kept of', async () => {
    vi.useFakeTimers();
    let arrive: (response: Response) => void = () => {};
    const { client } = setUp(() => new Promise<Response>((resolve) => (arrive = resolve)));
    const answer = client.request('/api/abc/cart');
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(KEPT_WAIT_MS * 3);
    expect(settled).toBe(false);
    arrive(json(200, ['late']));
    await expect(answer).resolves.toEqual(['late']);
  });

  it('reports a refusal, so a workspace the user is not in is forgotten', async () => {
    const { client, refused } = setUp(async () => json(403, { message: 'You do not have access.' }));
    await client.request('/api/abc/cart').catch(() => undefined);
    expect(refused).toEqual([{ path: '/api/abc/cart', status: 403 }]);
  });
});

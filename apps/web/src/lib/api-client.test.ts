import type { Session } from '@kete/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClient, REFRESH_TIMEOUT_MS } from './api-client.js';
import { ApiRequestError, NETWORK_MESSAGE } from './api-errors.js';

type Handler = (path: string, init: RequestInit) => Response | Promise<Response> | 'network';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const OLD: Session = { access_token: 'old-access', refresh_token: 'old-refresh' };
const NEW: Session = { access_token: 'new-access', refresh_token: 'new-refresh' };

/** A client over a scripted fetch, recording every call, navigation and loading change. */
function setUp(handler: Handler, session: Session | null = OLD) {
  const calls: { path: string; init: RequestInit }[] = [];
  const navigations: { to: string; state?: unknown }[] = [];
  // `stored` stands for localStorage as another tab may have left it (undefined: same as ours).
  const state = { session, loading: 0, clock: 0, stored: undefined as Session | null | undefined };
  const deps: ApiClientDeps = {
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      calls.push({ path, init });
      const result = await handler(path, init);
      if (result === 'network') throw new TypeError('Failed to fetch');
      return result;
    }) as typeof fetch,
    getSession: () => state.session,
    storedSession: () => (state.stored === undefined ? state.session : state.stored),
    setSession: (s) => {
      state.session = s;
    },
    clearSession: () => {
      state.session = null;
    },
    navigate: (to, options) => navigations.push({ to, state: options?.state }),
    loadingStart: () => state.loading++,
    loadingStop: () => state.loading--,
    now: () => state.clock,
    timezoneOffset: () => -780,
    clientId: 'tab-0123456789abcdef',
  };
  return { client: createApiClient(deps), calls, navigations, state };
}

const bearerOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const refreshCalls = (calls: { path: string; init: RequestInit }[]) =>
  calls.filter((c) => c.path === '/api/identity/refresh-token');

/** Answers 401 to the old token and 200 to the new one; the refresh endpoint hands out NEW. */
const expiringToken: Handler = (path, init) => {
  if (path === '/api/identity/refresh-token') return json(200, NEW);
  return bearerOf(init) === `Bearer ${NEW.access_token}`
    ? json(200, { ok: true })
    : json(401, { message: 'x' });
};

describe('every request', () => {
  it('carries the bearer token, the timezone offset, credentials and a JSON body', async () => {
    const { client, calls } = setUp(() => json(200, { ok: true }));
    await expect(client.post('/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    const init: RequestInit = calls[0]?.init ?? {};
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer old-access');
    expect(headers['X-Timezone-Offset']).toBe('-780');
    // The tab's name: the live events its changes cause come back with it (its own echo).
    expect(headers['X-Kete-Client']).toBe('tab-0123456789abcdef');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a session', async () => {
    const { client, calls } = setUp(() => json(200, {}), null);
    await client.request('/api/health');
    expect(bearerOf(calls[0]?.init ?? {})).toBeUndefined();
  });

  it('resolves an empty 204 answer to undefined', async () => {
    const { client } = setUp(() => new Response(null, { status: 204 }));
    await expect(client.post('/api/identity/logout', { refresh_token: 'r' })).resolves.toBeUndefined();
  });

  it('keeps the global loading flag on while it runs, unless the request opts out', async () => {
    let seen = -1;
    const { client, state } = setUp(() => {
      seen = state.loading;
      return json(200, {});
    });
    await client.request('/api/a');
    expect(seen).toBe(1);
    expect(state.loading).toBe(0);
    await client.request('/api/b', { loading: false });
    expect(seen).toBe(0);
  });
});

describe('a 401 with a session', () => {
  it('refreshes the token once, stores the new pair and retries the request', async () => {
    const { client, calls, state, navigations } = setUp(expiringToken);
    await expect(client.request('/api/thing')).resolves.toEqual({ ok: true });
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls(calls)[0]?.init.body))).toEqual({ refresh_token: 'old-refresh' });
    expect(state.session).toEqual(NEW);
    expect(bearerOf(calls.at(-1)?.init ?? {})).toBe('Bearer new-access');
    expect(navigations).toEqual([]);
  });

  it('shares one refresh call between requests that fail together', async () => {
    const { client, calls } = setUp(expiringToken);
    // Three requests all sent with the old token before any refresh finished.
    const results = await Promise.all([1, 2, 3].map((n) => client.request(`/api/${n}`)));
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('reuses the refresh result for 10 seconds, then refreshes again', async () => {
    let issued = 0;
    const { client, calls, state } = setUp((path, init) => {
      if (path === '/api/identity/refresh-token') {
        issued++;
        return json(200, { access_token: `a${issued}`, refresh_token: `r${issued}` });
      }
      return bearerOf(init) === `Bearer a${issued}` && issued > 0 ? json(200, {}) : json(401, {});
    });
    await client.request('/api/one');
    state.session = OLD; // a request still holding the old token fails again within the window
    state.clock = 9_999;
    await client.request('/api/two');
    expect(refreshCalls(calls)).toHaveLength(1);
    state.session = OLD;
    state.clock = 10_001;
    await client.request('/api/three');
    expect(refreshCalls(calls)).toHaveLength(2);
  });

  it('counts the 10 seconds from when the refresh answered, not from when it started', async () => {
    let issued = 0;
    const { client, calls, state } = setUp((path, init) => {
      if (path === '/api/identity/refresh-token') {
        issued++;
        state.clock += 8_000; // a slow link: the refresh takes 8 s
        return json(200, { access_token: `a${issued}`, refresh_token: `r${issued}` });
      }
      return bearerOf(init) === `Bearer a${issued}` && issued > 0 ? json(200, {}) : json(401, {});
    });
    await client.request('/api/one');
    state.session = OLD;
    state.clock = 17_000; // 9 s after the answer
    await client.request('/api/two');
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('retries with tokens another tab already renewed, without refreshing the old ones again', async () => {
    const { client, calls, state } = setUp(expiringToken);
    state.stored = NEW;
    await expect(client.request('/api/thing')).resolves.toEqual({ ok: true });
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(bearerOf(calls[1]?.init ?? {})).toBe(`Bearer ${NEW.access_token}`);
    expect(state.session).toEqual(NEW);
  });

  it('signs out without a refresh when another tab already signed out', async () => {
    const { client, calls, state, navigations } = setUp(expiringToken);
    state.stored = null;
    await expect(client.request('/api/thing')).rejects.toBeInstanceOf(ApiRequestError);
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(state.session).toBeNull();
    expect(navigations).toEqual([{ to: '/login', state: undefined }]);
  });

  it('retries only once: a second 401 clears the session and goes to /login', async () => {
    const { client, calls, state, navigations } = setUp((path) =>
      path === '/api/identity/refresh-token' ? json(200, NEW) : json(401, { message: 'No.' }),
    );
    await expect(client.request('/api/thing')).rejects.toThrow('No.');
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls).toHaveLength(3);
    expect(state.session).toBeNull();
    expect(navigations).toEqual([{ to: '/login', state: undefined }]);
  });

  it('clears the session and goes to /login when the refresh is refused', async () => {
    const { client, calls, state, navigations } = setUp((path) =>
      path === '/api/identity/refresh-token' ? json(401, { message: 'expired' }) : json(401, {}),
    );
    await expect(client.request('/api/thing')).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls).toHaveLength(2);
    expect(state.session).toBeNull();
    expect(navigations.map((n) => n.to)).toEqual(['/login']);
  });

  it('ends the session when the refresh answers 400 (a token the server does not know)', async () => {
    const { client, state, navigations } = setUp((path) =>
      path === '/api/identity/refresh-token' ? json(400, { message: 'Bad token' }) : json(401, {}),
    );
    await expect(client.request('/api/thing')).rejects.toBeInstanceOf(ApiRequestError);
    expect(state.session).toBeNull();
    expect(navigations.map((n) => n.to)).toEqual(['/login']);
  });

  it.each([429, 500, 502, 503])(
    'keeps the session when the refresh answers %i, and routes it like any failure',
    async (status) => {
      const { client, state, navigations } = setUp((path) =>
        path === '/api/identity/refresh-token' ? json(status, { message: 'Busy' }) : json(401, {}),
      );
      await expect(client.request('/api/thing')).rejects.toThrow('Busy');
      expect(state.session).toEqual(OLD);
      expect(navigations).toEqual([{ to: '/e/500', state: { status, data: { message: 'Busy' } } }]);
    },
  );

  it('keeps the session when the refresh cannot connect, and tries again on the next request', async () => {
    let online = false;
    const { client, calls, state, navigations } = setUp((path, init) => {
      if (path === '/api/identity/refresh-token') return online ? json(200, NEW) : 'network';
      return expiringToken(path, init);
    });
    await expect(client.request('/api/thing')).rejects.toThrow(NETWORK_MESSAGE);
    expect(state.session).toEqual(OLD);
    expect(navigations.map((n) => n.to)).toEqual(['/e/network']);
    online = true;
    await expect(client.request('/api/thing')).resolves.toEqual({ ok: true });
    expect(refreshCalls(calls)).toHaveLength(2);
    expect(state.session).toEqual(NEW);
  });

  it('leaves a failed refresh to a caller that handles that status, without any page', async () => {
    const { client, state, navigations } = setUp((path) =>
      path === '/api/identity/refresh-token' ? json(503, { message: 'Busy' }) : json(401, {}),
    );
    await expect(client.request('/api/thing', { handles: [503] })).rejects.toThrow('Busy');
    expect(state.session).toEqual(OLD);
    expect(navigations).toEqual([]);
  });

  describe('a request shown in place (inline)', () => {
    it.each([400, 429, 500, 503])('rejects %i with the body and navigates nowhere', async (status) => {
      const { client, navigations } = setUp(() => json(status, { message: 'Search is resting.' }));
      await expect(client.request('/api/search', { inline: true })).rejects.toThrow('Search is resting.');
      expect(navigations).toEqual([]);
    });

    it('rejects a lost connection with the connection message, not routed', async () => {
      const { client, navigations } = setUp(() => 'network');
      const error = await client.request('/api/search', { inline: true }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 0, routed: false, message: NETWORK_MESSAGE });
      expect(navigations).toEqual([]);
    });

    it('still goes to /e/403 on a 403 with a session', async () => {
      const { client, navigations } = setUp(() => json(403, { message: 'Not yours.' }));
      await expect(client.request('/api/search', { inline: true })).rejects.toThrow('Not yours.');
      expect(navigations.map((n) => n.to)).toEqual(['/e/403']);
    });
  });

  describe('with a refresh that never answers', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a request with timeoutMs gives up then, failing as a lost connection', async () => {
      const { client, navigations } = setUp(
        (_path, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const outcome = client
        .request('/api/search', { timeoutMs: 5_000, inline: true })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await outcome).toMatchObject({ status: 0, message: NETWORK_MESSAGE });
      expect(navigations).toEqual([]);
    });

    it('gives up after 10 seconds but keeps the session: a time-out is not a sign-out', async () => {
      const { client, state, navigations } = setUp((path, init) => {
        if (path !== '/api/identity/refresh-token') return json(401, {});
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      });
      const pending = client.request('/api/thing');
      const outcome = pending.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REFRESH_TIMEOUT_MS - 1);
      expect(state.session).toEqual(OLD);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(ApiRequestError);
      expect((error as ApiRequestError).message).toBe(NETWORK_MESSAGE);
      expect(state.session).toEqual(OLD);
      expect(navigations.map((n) => n.to)).toEqual(['/e/network']);
    });
  });

  it('without a session is simply a rejection with the body', async () => {
    const { client, calls, navigations } = setUp(() => json(401, { message: 'Please sign in.' }), null);
    await expect(client.request('/api/thing')).rejects.toThrow('Please sign in.');
    expect(calls).toHaveLength(1);
    expect(navigations.map((n) => n.to)).toEqual(['/e/500']);
  });
});

describe('error routing', () => {
  it('sends a 403 with a session to /e/403', async () => {
    const { client, navigations } = setUp(() => json(403, { message: 'Not yours.' }));
    await expect(client.request('/api/x')).rejects.toThrow('Not yours.');
    expect(navigations.map((n) => n.to)).toEqual(['/e/403']);
  });

  it('sends a network failure to /e/network and rejects with the connection message', async () => {
    const { client, navigations } = setUp(() => 'network');
    await expect(client.request('/api/x')).rejects.toThrow(NETWORK_MESSAGE);
    expect(navigations.map((n) => n.to)).toEqual(['/e/network']);
  });

  it('rejects a 400 with the body, staying on the page', async () => {
    const body = { message: 'Check the form.', errors: { email: { message: 'Bad e-mail.' } } };
    const { client, navigations } = setUp(() => json(400, body));
    const error = await client.request('/api/x').catch((e: ApiRequestError) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body).toEqual(body);
    expect((error as ApiRequestError).fieldError('email')).toBe('Bad e-mail.');
    expect(navigations).toEqual([]);
  });

  it("rejects a 400 without a body with 'Unexpected error'", async () => {
    const { client } = setUp(() => new Response('', { status: 400 }));
    await expect(client.request('/api/x')).rejects.toThrow('Unexpected error');
  });

  it('sends any other status to /e/500 with the status and body', async () => {
    const { client, navigations } = setUp(() => json(502, { message: 'Upstream down.' }));
    await expect(client.request('/api/x')).rejects.toThrow('Upstream down.');
    expect(navigations).toEqual([
      { to: '/e/500', state: { status: 502, data: { message: 'Upstream down.' } } },
    ]);
  });

  it('leaves statuses the caller handles (and quiet requests) to the caller', async () => {
    const { client, navigations } = setUp(() => json(429, { message: 'Slow down.' }));
    await expect(client.request('/api/x', { handles: [429] })).rejects.toThrow('Slow down.');
    await expect(client.request('/api/x', { quiet: true })).rejects.toThrow('Slow down.');
    expect(navigations).toEqual([]);
  });
});

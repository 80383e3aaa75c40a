// The one way the web app talks to the API. It applies every rule of spec sections 4 and 8:
// bearer token, timezone header, credentials, one shared token refresh and one retry on 401,
// error routing (403, network, 5xx) and the global loading flag. Dependencies are passed in so
// the rules are unit-tested without a browser; `api` at the bottom is the app's instance.
import type { Session } from '@kete/shared';
import { ApiRequestError, asApiError } from './api-errors.js';
import { useLoadingStore } from './loading-store.js';
import { type Navigate, navigate } from './navigation.js';
import { onAppReset, resetAppState } from './reset-app-state.js';
import { readStoredSession, useSessionStore } from './session-store.js';

export const REFRESH_TIMEOUT_MS = 10_000;
export const REFRESH_CACHE_MS = 10_000;
const REFRESH_PATH = '/api/identity/refresh-token';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** false keeps the global loading flag off (background requests). */
  loading?: boolean;
  /** Statuses the caller shows itself (e.g. 429 on sign-in) instead of the /e/500 page. */
  handles?: readonly number[];
  /** Reject without navigating anywhere (e.g. logout, which proceeds regardless). */
  quiet?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getSession(): Session | null;
  /** The session as stored right now, which another tab may have renewed (default: getSession). */
  storedSession?(): Session | null;
  setSession(session: Session): void;
  clearSession(): void;
  navigate: Navigate;
  loadingStart(): void;
  loadingStop(): void;
  now(): number;
  timezoneOffset(): number;
}

type Outcome = { kind: 'response'; response: Response } | { kind: 'network' };

export function createApiClient(deps: ApiClientDeps) {
  let refreshing: { settledAt: number | null; result: Promise<Session | null> } | null = null;

  async function send(path: string, options: RequestOptions, session: Session | null): Promise<Outcome> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Timezone-Offset': String(deps.timezoneOffset()),
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (session) headers.Authorization = `Bearer ${session.access_token}`;
    try {
      const response = await deps.fetch(path, {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        credentials: 'include',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return { kind: 'response', response };
    } catch {
      return { kind: 'network' };
    }
  }

  /**
   * One refresh call, shared by every request that needs it while it runs and for REFRESH_CACHE_MS
   * after it answers (counted from the answer: on a slow link the call itself can take 10 s).
   */
  function refreshSession(session: Session): Promise<Session | null> {
    if (
      refreshing &&
      (refreshing.settledAt === null || deps.now() - refreshing.settledAt < REFRESH_CACHE_MS)
    ) {
      return refreshing.result;
    }
    const entry: { settledAt: number | null; result: Promise<Session | null> } = {
      settledAt: null,
      result: callRefresh(session.refresh_token),
    };
    void entry.result.then(() => {
      entry.settledAt = deps.now();
    });
    refreshing = entry;
    return entry.result;
  }

  /**
   * The session to retry with after a 401. If the tokens were renewed since this request was sent
   * (by another tab, or by an earlier refresh here), use those: presenting the old refresh token
   * again would look like theft to the server and end every session of the chain.
   */
  async function renewedSession(sent: Session): Promise<Session | null> {
    const stored = deps.storedSession ? deps.storedSession() : deps.getSession();
    if (!stored) return null;
    if (stored.access_token !== sent.access_token) return stored;
    return refreshSession(stored);
  }

  async function callRefresh(refreshToken: string): Promise<Session | null> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), REFRESH_TIMEOUT_MS);
    try {
      const response = await deps.fetch(REFRESH_PATH, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-Timezone-Offset': String(deps.timezoneOffset()),
        },
        credentials: 'include',
        body: JSON.stringify({ refresh_token: refreshToken }),
        signal: abort.signal,
      });
      if (!response.ok) return null;
      const pair = (await response.json()) as Session;
      return typeof pair.access_token === 'string' ? pair : null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  function fail(status: number, body: unknown, routed = false): ApiRequestError {
    return new ApiRequestError(status, asApiError(body), routed);
  }

  async function execute<T>(path: string, options: RequestOptions): Promise<T> {
    let session = deps.getSession();
    let outcome = await send(path, options, session);

    if (outcome.kind === 'response' && outcome.response.status === 401 && session) {
      const renewed = await renewedSession(session);
      if (!renewed) {
        signOut();
        throw fail(401, await readBody(outcome.response), true);
      }
      deps.setSession(renewed);
      session = renewed;
      outcome = await send(path, options, session);
    }

    if (outcome.kind === 'network') {
      if (!options.quiet) deps.navigate('/e/network');
      throw new ApiRequestError(0, null, !options.quiet);
    }

    const { response } = outcome;
    const body = await readBody(response);
    if (response.ok) return body as T;

    const status = response.status;
    if (options.quiet || options.handles?.includes(status)) throw fail(status, body);
    if (status === 400) throw fail(status, body);
    if (status === 401 && session) {
      // The retry with a fresh token was refused too: the session is no good.
      signOut();
      throw fail(status, body, true);
    }
    if (status === 403 && session) {
      deps.navigate('/e/403');
      throw fail(status, body, true);
    }
    deps.navigate('/e/500', { state: { status, data: body } });
    throw fail(status, body, true);
  }

  function signOut() {
    refreshing = null;
    deps.clearSession();
    deps.navigate('/login');
  }

  return {
    async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
      const showLoading = options.loading !== false;
      if (showLoading) deps.loadingStart();
      try {
        return await execute<T>(path, options);
      } finally {
        if (showLoading) deps.loadingStop();
      }
    },
    post<T = unknown>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
      return this.request<T>(path, { ...options, method: 'POST', body: body ?? {} });
    },
    /** Forgets a cached refresh (on sign-out), so the next session starts clean. */
    forgetRefresh() {
      refreshing = null;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getSession: () => useSessionStore.getState().session,
  storedSession: readStoredSession,
  setSession: (session) => useSessionStore.getState().setSession(session),
  // Spec section 4: a 401 with a session resets every state slot, not only the tokens.
  clearSession: () => resetAppState(),
  navigate: (to, options) => navigate(to, options),
  loadingStart: () => useLoadingStore.getState().start(),
  loadingStop: () => useLoadingStore.getState().stop(),
  now: () => Date.now(),
  timezoneOffset: () => new Date().getTimezoneOffset(),
});

// A refresh cached for the previous session must not be handed to the next one.
onAppReset(() => api.forgetRefresh());

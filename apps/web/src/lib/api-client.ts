// The one way the web app talks to the API. It applies every rule of spec sections 4 and 8:
// bearer token, timezone header, credentials, one shared token refresh and one retry on 401,
// error routing (403, network, 5xx) and the global loading flag. Dependencies are passed in so
// the rules are unit-tested without a browser; `api` at the bottom is the app's instance.
import { LIVE_CLIENT_HEADER, type Session } from '@kete/shared';
import { ApiRequestError, asApiError } from './api-errors.js';
import { clientId } from './client-id.js';
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
  /**
   * The caller shows every failure itself (a message in place, e.g. search) except the session's
   * own (401 signs out, 403 goes to /e/403): no network or server-error page.
   */
  inline?: boolean;
  /** Gives up after this many ms; a time-out fails like a lost connection (status 0). */
  timeoutMs?: number;
  /** false: never keep this write for later (the offline outbox replaying its own edits). */
  offline?: false;
}

/** Offline support (features/offline registers it; see docs/decisions/0010). */
export interface OfflineHooks {
  /** A write to keep for later and answer locally, or null to send it. `failed`: it just could not be sent. */
  hold(path: string, options: RequestOptions, failed: boolean): Promise<unknown> | null;
  /** A read's answer with the writes still waiting applied on top. */
  overlay(path: string, body: unknown): unknown;
  /** Known to be offline: a failed read then stays in its screen instead of the network page. */
  isOffline(): boolean;
  /**
   * Resolves once the edits an earlier visit left are loaded, for a request that must see them
   * (a shopping-list write goes after them, a read shows them); null when there is nothing to wait for.
   */
  ready?(path: string): Promise<void> | null;
  /** A successful answer, kept by the device if a screen may need it offline (decision 0017). */
  remember?(path: string, method: string, body: unknown): void;
  /** What the device kept of this read, answered when it cannot be sent; undefined when nothing. */
  recall?(path: string, method: string): Promise<unknown>;
  /** Whether something is kept for this read: then a slow answer is not waited for past KEPT_WAIT_MS. */
  hasKept?(path: string): boolean;
  /** A refusal: a 403 that says the user is not a member of the path's workspace forgets it. */
  refused?(path: string, status: number, body: unknown): void;
}

/**
 * How long a read with a kept answer waits for the network before the kept answer is shown (a
 * weak signal in the aisle); the request goes on and what it brings is kept for the next time.
 */
export const KEPT_WAIT_MS = 6_000;

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
  offline?(): OfflineHooks | null;
  /** This tab's name for the live events it causes (lib/client-id.ts). */
  clientId?: string;
}

type Outcome = { kind: 'response'; response: Response } | { kind: 'network' } | { kind: 'slow' };

/**
 * What a refresh came to. Only a refusal (401, or 400 for a token the server does not know) ends
 * the session; a time-out, a network failure, a 429 or a 5xx is a failure like any other request's,
 * so a shopper on a weak signal keeps their session (issue 9).
 */
type Renewal =
  | { kind: 'renewed'; session: Session }
  | { kind: 'refused' }
  | { kind: 'failed'; status: number; body: unknown };

const REFUSED_REFRESH_STATUSES: readonly number[] = [400, 401];

export function createApiClient(deps: ApiClientDeps) {
  let refreshing: { settledAt: number | null; result: Promise<Renewal> } | null = null;

  async function send(path: string, options: RequestOptions, session: Session | null): Promise<Outcome> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Timezone-Offset': String(deps.timezoneOffset()),
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (session) headers.Authorization = `Bearer ${session.access_token}`;
    if (deps.clientId) headers[LIVE_CLIENT_HEADER] = deps.clientId;
    const abort = options.timeoutMs === undefined ? undefined : new AbortController();
    const timer = abort && setTimeout(() => abort.abort(), options.timeoutMs);
    try {
      const response = await deps.fetch(path, {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        credentials: 'include',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        ...(abort ? { signal: abort.signal } : {}),
      });
      return { kind: 'response', response };
    } catch {
      return { kind: 'network' };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One refresh call, shared by every request that needs it while it runs and for REFRESH_CACHE_MS
   * after it answers (counted from the answer: on a slow link the call itself can take 10 s).
   */
  function refreshSession(session: Session): Promise<Renewal> {
    if (
      refreshing &&
      (refreshing.settledAt === null || deps.now() - refreshing.settledAt < REFRESH_CACHE_MS)
    ) {
      return refreshing.result;
    }
    const entry: { settledAt: number | null; result: Promise<Renewal> } = {
      settledAt: null,
      result: callRefresh(session.refresh_token),
    };
    void entry.result.then((renewal) => {
      entry.settledAt = deps.now();
      // A failed refresh is not kept: the next request (the signal is back) tries again.
      if (renewal.kind === 'failed' && refreshing === entry) refreshing = null;
    });
    refreshing = entry;
    return entry.result;
  }

  /**
   * The session to retry with after a 401. If the tokens were renewed since this request was sent
   * (by another tab, or by an earlier refresh here), use those: presenting the old refresh token
   * again would look like theft to the server and end every session of the chain.
   */
  async function renewedSession(sent: Session): Promise<Renewal> {
    const stored = deps.storedSession ? deps.storedSession() : deps.getSession();
    if (!stored) return { kind: 'refused' };
    if (stored.access_token !== sent.access_token) return { kind: 'renewed', session: stored };
    return refreshSession(stored);
  }

  async function callRefresh(refreshToken: string): Promise<Renewal> {
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
      const body = await readBody(response);
      if (REFUSED_REFRESH_STATUSES.includes(response.status)) return { kind: 'refused' };
      if (!response.ok) return { kind: 'failed', status: response.status, body };
      const pair = body as Partial<Session> | undefined;
      return typeof pair?.access_token === 'string' && typeof pair.refresh_token === 'string'
        ? { kind: 'renewed', session: { access_token: pair.access_token, refresh_token: pair.refresh_token } }
        : { kind: 'failed', status: response.status, body };
    } catch {
      // Time-out (aborted) or no connection.
      return { kind: 'failed', status: 0, body: null };
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
    const offline = options.offline === false ? null : (deps.offline?.() ?? null);
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const write = method !== 'GET';
    const loading = offline?.ready?.(path);
    if (loading) await loading;
    const held = write ? offline?.hold(path, options, false) : null;
    if (held) return held as Promise<T>;
    let session = deps.getSession();
    let outcome = await sendOrWait(path, options, session, offline);

    if (outcome.kind === 'response' && outcome.response.status === 401 && session) {
      const renewal = await renewedSession(session);
      if (renewal.kind === 'refused') {
        signOut();
        throw fail(401, await readBody(outcome.response), true);
      }
      if (renewal.kind === 'failed') {
        // The session stays; the shopper sees the failure as for any other request.
        if (renewal.status === 0) return failNetwork(options);
        return failStatus(renewal.status, renewal.body, options, null);
      }
      deps.setSession(renewal.session);
      session = renewal.session;
      outcome = await sendOrWait(path, options, session, offline);
    }

    if (outcome.kind !== 'response') {
      const kept = write && outcome.kind === 'network' ? offline?.hold(path, options, true) : null;
      if (kept) return kept as Promise<T>;
      // No connection, or a weak one: what this device kept of the read, as last seen.
      const recalled = await offline?.recall?.(path, method);
      if (recalled !== undefined && offline) return offline.overlay(path, recalled) as T;
      if (offline?.isOffline()) throw new ApiRequestError(0, null, false);
      return failNetwork(options);
    }

    const { response } = outcome;
    const body = await readBody(response);
    if (response.ok) {
      offline?.remember?.(path, method, body);
      return (offline && !write ? offline.overlay(path, body) : body) as T;
    }
    offline?.refused?.(path, response.status, body);
    return failStatus(response.status, body, options, session);
  }

  /**
   * Sends the request; for a read the device has kept an answer to, gives up waiting after
   * KEPT_WAIT_MS ('slow'), while the request goes on and a good answer is still kept.
   */
  async function sendOrWait(
    path: string,
    options: RequestOptions,
    session: Session | null,
    offline: OfflineHooks | null,
  ): Promise<Outcome> {
    const sending = send(path, options, session);
    if (options.timeoutMs !== undefined || !offline?.hasKept?.(path)) return sending;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'slow' }), KEPT_WAIT_MS);
    });
    const outcome = await Promise.race([sending, slow]);
    clearTimeout(timer);
    if (outcome.kind === 'slow') {
      void sending
        .then(async (late) => {
          if (late.kind === 'response' && late.response.ok) {
            offline.remember?.(path, options.method ?? 'GET', await readBody(late.response));
          }
        })
        .catch(() => {});
    }
    return outcome;
  }

  function failNetwork(options: RequestOptions): never {
    const routed = !options.quiet && !options.inline;
    if (routed) deps.navigate('/e/network');
    throw new ApiRequestError(0, null, routed);
  }

  /** A failed answer: the caller's to show, a rejection, or a page, by the error catalogue. */
  function failStatus(
    status: number,
    body: unknown,
    options: RequestOptions,
    session: Session | null,
  ): never {
    if (options.quiet || options.handles?.includes(status)) throw fail(status, body);
    if (options.inline && status !== 401 && status !== 403) throw fail(status, body);
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
  offline: () => offlineHooks,
  clientId,
});

let offlineHooks: OfflineHooks | null = null;
export function registerOfflineHooks(hooks: OfflineHooks): void {
  offlineHooks = hooks;
}

// A refresh cached for the previous session must not be handed to the next one.
onAppReset(() => api.forgetRefresh());

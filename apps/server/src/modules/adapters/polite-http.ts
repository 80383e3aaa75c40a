// Talks to a chain's site the way a guest should: one request at a time with a pause between them,
// retries with growing back-off when the site is busy (429, 5xx, network), and a clear error when it
// refuses. A cookie jar keeps the session the site hands out (Woolworths pins the store in it), and
// `baseUrl` sends every request, whatever its host, to one place (tests, mirrors).
import { CookieJar } from './cookie-jar.js';

/** The site refused, or an answer showed the listing would be wrong or partial: nothing is ingested. */
export class FetchRefused extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface PoliteHttpOptions {
  /** Least time between two requests. */
  intervalMs: number;
  retries: number;
  /** First back-off; doubles each retry. */
  backoffMs: number;
  headers?: Record<string, string>;
  /** Replaces the scheme and host of every request (paths and queries kept). */
  baseUrl?: string;
  sleep?: (ms: number) => Promise<void>;
  /** Called before each request goes out (progress). */
  onRequest?: () => void;
  /** Shared by every fetch to one chain, so the interval holds from one store's fetch to the next. */
  pacer?: Pacer;
}

/** When the last request to a site went out (epoch ms). */
export interface Pacer {
  last: number;
}

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Statuses handed back to the caller instead of refused (e.g. 401 to renew a token). */
  pass?: number[];
  /** Read the answer as text, not JSON (a web page). */
  text?: boolean;
}

export interface HttpAnswer<T> {
  status: number;
  body: T;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `url` with the scheme and host of `baseUrl`, keeping its path and query. */
export function rebase(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const target = new URL(url);
  const base = new URL(baseUrl);
  return `${base.protocol}//${base.host}${target.pathname}${target.search}`;
}

export type PoliteHttp = ReturnType<typeof politeHttp>;

export function politeHttp(options: PoliteHttpOptions) {
  const sleep = options.sleep ?? wait;
  const jar = new CookieJar();
  const pacer = options.pacer ?? { last: 0 };

  async function once(url: string, address: string, request: HttpRequest): Promise<Response> {
    const gap = pacer.last + options.intervalMs - Date.now();
    if (gap > 0) await sleep(gap);
    pacer.last = Date.now();
    options.onRequest?.();
    const headers: Record<string, string> = {
      accept: request.text ? 'text/html' : 'application/json',
      ...options.headers,
      ...request.headers,
    };
    const cookie = jar.header(address);
    if (cookie) headers.cookie = headers.cookie ? `${headers.cookie}; ${cookie}` : cookie;
    const init: RequestInit = { method: request.method ?? 'GET', headers, redirect: 'manual' };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    const response = await fetch(url, init);
    jar.store(address, response.headers.getSetCookie());
    return response;
  }

  async function request<T>(address: string, req: HttpRequest = {}): Promise<HttpAnswer<T>> {
    const url = rebase(address, options.baseUrl);
    const host = new URL(address).host;
    let failure = '';
    for (let attempt = 0; attempt <= options.retries; attempt++) {
      if (attempt > 0) await sleep(options.backoffMs * 2 ** (attempt - 1));
      let response: Response;
      try {
        response = await once(url, address, req);
      } catch (error) {
        failure = `network error: ${(error as Error).message}`;
        continue;
      }
      if (response.ok || req.pass?.includes(response.status)) {
        const text = await response.text();
        if (req.text) return { status: response.status, body: text as T };
        try {
          return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
        } catch {
          // A passed-through error status may come with an HTML page: the status is what counts.
          if (!response.ok) return { status: response.status, body: {} as T };
          throw new FetchRefused(
            `${host} answered ${new URL(url).pathname} with something that is not JSON.`,
          );
        }
      }
      await response.body?.cancel();
      failure = `${response.status} ${response.statusText}`;
      if (response.status === 429 || response.status >= 500) continue;
      throw new FetchRefused(
        `${host} refused the request (${failure}). The site may block automated access from this network; nothing was fetched from this page on.`,
        response.status,
      );
    }
    throw new FetchRefused(`${host} kept failing (${failure}) after ${options.retries + 1} tries.`);
  }

  return {
    request,
    jar,
    async getJson<T>(url: string): Promise<T> {
      return (await request<T>(url)).body;
    },
  };
}

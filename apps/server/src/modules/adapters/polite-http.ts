// GETs JSON the way a guest should: one request at a time with a pause between them, retries with
// growing back-off when the site is busy (429, 5xx, network), and a clear error when it refuses.

export class FetchRefused extends Error {}

export interface PoliteHttpOptions {
  /** Least time between two requests. */
  intervalMs: number;
  retries: number;
  /** First back-off; doubles each retry. */
  backoffMs: number;
  headers?: Record<string, string>;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function politeHttp(options: PoliteHttpOptions) {
  const sleep = options.sleep ?? wait;
  let last = 0;

  async function once(url: string): Promise<Response> {
    const gap = last + options.intervalMs - Date.now();
    if (gap > 0) await sleep(gap);
    last = Date.now();
    return fetch(url, { headers: { accept: 'application/json', ...options.headers } });
  }

  return {
    async getJson<T>(url: string): Promise<T> {
      let failure = '';
      for (let attempt = 0; attempt <= options.retries; attempt++) {
        if (attempt > 0) await sleep(options.backoffMs * 2 ** (attempt - 1));
        let response: Response;
        try {
          response = await once(url);
        } catch (error) {
          failure = `network error: ${(error as Error).message}`;
          continue;
        }
        if (response.ok) return (await response.json()) as T;
        failure = `${response.status} ${response.statusText}`;
        if (response.status === 429 || response.status >= 500) continue;
        throw new FetchRefused(
          `${new URL(url).host} refused the request (${failure}). The site may block automated access from this network; nothing was fetched from this page on.`,
        );
      }
      throw new FetchRefused(
        `${new URL(url).host} kept failing (${failure}) after ${options.retries + 1} tries.`,
      );
    },
  };
}

import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { politeHttp, rebase } from './polite-http.js';

/** A server that answers the given statuses in turn, then 200 with a cookie and what it was sent. */
async function flaky(statuses: number[]) {
  const seen: { url: string; host: string; cookie: string | undefined }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host ?? '', cookie: req.headers.cookie });
    const status = statuses.shift();
    if (status) return res.writeHead(status, { 'content-type': 'text/html' }).end('<html>busy</html>');
    res
      .writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=abc; path=/' })
      .end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('the HTTP layer', () => {
  it('sends every host to --base-url, keeping path and query', () => {
    expect(rebase('https://api-prod.paknsave.co.nz/v1/edge/store?x=1', 'http://127.0.0.1:9000')).toBe(
      'http://127.0.0.1:9000/v1/edge/store?x=1',
    );
    expect(rebase('https://www.woolworths.co.nz/', undefined)).toBe('https://www.woolworths.co.nz/');
  });

  it('retries a busy site with doubling back-off, keeps its cookies, and names the real host', async () => {
    const s = await flaky([503, 429]);
    close = s.close;
    const waits: number[] = [];
    const http = politeHttp({
      intervalMs: 0,
      retries: 3,
      backoffMs: 100,
      baseUrl: s.url,
      sleep: async (ms) => void waits.push(ms),
    });
    expect((await http.request('https://www.woolworths.co.nz/api/v1/shell')).body).toEqual({ ok: true });
    expect(waits).toEqual([100, 200]);
    await http.request('https://www.woolworths.co.nz/api/v1/products?page=2');
    expect(s.seen.map((r) => r.url)).toEqual([
      '/api/v1/shell',
      '/api/v1/shell',
      '/api/v1/shell',
      '/api/v1/products?page=2',
    ]);
    expect(s.seen.at(-1)?.cookie).toBe('session=abc');
  });

  it('refuses at once when the site says no, naming the real host', async () => {
    const s = await flaky([403]);
    close = s.close;
    const http = politeHttp({ intervalMs: 0, retries: 3, backoffMs: 1, baseUrl: s.url });
    await expect(http.request('https://www.woolworths.co.nz/api/v1/shell')).rejects.toThrow(
      /www\.woolworths\.co\.nz refused the request \(403 Forbidden\)/,
    );
    expect(s.seen).toHaveLength(1);
  });

  it('gives up after the last retry, and hands back statuses it was told to', async () => {
    const s = await flaky([500, 500, 500, 401]);
    close = s.close;
    const http = politeHttp({ intervalMs: 0, retries: 2, backoffMs: 1, baseUrl: s.url });
    await expect(http.request('https://api-prod.newworld.co.nz/v1/edge/store')).rejects.toThrow(
      /kept failing \(500 .*\) after 3 tries/,
    );
    const answer = await http.request('https://api-prod.newworld.co.nz/v1/edge/store', { pass: [401] });
    expect(answer.status).toBe(401);
  });

  it('waits the set interval between requests', async () => {
    const s = await flaky([]);
    close = s.close;
    const waits: number[] = [];
    const http = politeHttp({
      intervalMs: 60_000,
      retries: 0,
      backoffMs: 1,
      baseUrl: s.url,
      sleep: async (ms) => void waits.push(ms),
    });
    await http.request('https://www.woolworths.co.nz/a');
    await http.request('https://www.woolworths.co.nz/b');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(59_000);
  });

  it('keeps the interval from one fetch to the next when they share a pacer (one chain in a refresh)', async () => {
    const s = await flaky([]);
    close = s.close;
    const waits: number[] = [];
    const pacer = { last: 0 };
    const options = {
      intervalMs: 60_000,
      retries: 0,
      backoffMs: 1,
      baseUrl: s.url,
      pacer,
      sleep: async (ms: number) => void waits.push(ms),
    };
    await politeHttp(options).request('https://www.woolworths.co.nz/a');
    await politeHttp(options).request('https://www.woolworths.co.nz/b');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(59_000);
  });
});

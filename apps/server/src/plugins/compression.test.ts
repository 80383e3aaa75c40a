// API answers travel compressed to clients that ask (plugins/compression.ts), and unchanged to
// those that do not; small answers and the live-changes stream are left alone.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../test/fixtures/catalogue-setup.js';
import { buildTestApp, type SignedIn, type TestApp } from '../test/test-app.js';

let t: TestApp;
let shopper: SignedIn;
let storeIds: Awaited<ReturnType<typeof loadCatalogue>>;
beforeAll(async () => {
  t = await buildTestApp();
  storeIds = await loadCatalogue(t);
  shopper = await t.signIn('compressed@example.com');
});
afterAll(() => t.close());

const start = (acceptEncoding?: string) =>
  shopper.request({
    method: 'POST',
    url: '/api/init/start',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressed answers', () => {
  it('sends start-up data as brotli or gzip when asked, the same JSON once unpacked', async () => {
    const plain = await start();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await start('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // Compressed in one call (not streamed), so the length is known and right.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await start('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and clients that ask for identity alone', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();

    const identity = await start('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toHaveProperty('workspace');
  });

  it('keeps errors in the spec shape, compressed or not', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/email',
      payload: { email: 'not an address' },
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(400);
    const body =
      res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
    expect(JSON.parse(body.toString())).toHaveProperty('message');
  });

  it('sends a repeated search, kept and compressed once, in whichever encoding each request asks', async () => {
    const { shortCode } = (await start()).json().workspace;
    for (const id of [storeIds.newWorld, storeIds.paknsave, storeIds.woolworths]) {
      await shopper.request({ method: 'POST', url: `/api/${shortCode}/stores/${id}` });
    }
    const search = (acceptEncoding?: string) =>
      shopper.request({
        method: 'POST',
        url: `/api/${shortCode}/products/search`,
        payload: { text: 'milk' },
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const plain = (await search()).json();
    expect(plain.length).toBeGreaterThan(1);
    // The answer is kept from its second request on; after that each encoding is compressed once
    // and served again, never another encoding's bytes under this one's name.
    for (const encoding of ['br', 'gzip', 'br', 'gzip', 'identity', 'br']) {
      const res = await search(encoding);
      expect(res.statusCode).toBe(200);
      const unpacked =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(unpacked.toString())).toEqual(plain);
    }
  });
});

import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from '../../test/fixtures/chains/fixture-server.js';
import { fetchStore } from './fetch.command.js';
import { politeHttp } from './polite-http.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function fetchLines(chain: 'woolworths' | 'newworld' | 'paknsave', store: string, pageSize?: number) {
  server = await startFixtureServer(chain);
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c) => chunks.push(String(c)));
  const baseUrl = server.url;
  const count = await fetchStore(
    { chain, store, baseUrl, intervalMs: 0, retries: 2, backoffMs: 1, ...(pageSize ? { pageSize } : {}) },
    out,
  );
  const lines = chunks
    .join('')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { count, lines, products: lines.filter((l) => !l.listingComplete), last: lines.at(-1) };
}

describe('Woolworths adapter', () => {
  it('pages through the search, skips promotion tiles and maps each price kind', async () => {
    const { count, products, last } = await fetchLines('woolworths', '9702', 3);
    expect(count).toBe(5);
    expect(server?.requests.map((r) => r.path)).toEqual([
      '/api/v1/products?target=browse&search=&size=3&page=1',
      '/api/v1/products?target=browse&search=&size=3&page=2',
    ]);
    expect(server?.requests[0]?.headers['x-requested-with']).toBe('OnlineShopping.WebApp');
    const byKey = Object.fromEntries(products.map((p) => [p.productKey, p]));
    expect(byKey['282765']).toMatchObject({
      chain: 'woolworths',
      store: '9702',
      barcode: '9414742350313',
      size: '2L',
      saleType: 'unit',
      price: 499,
      basePrice: 560,
      unitPrice: 250,
      unitMeasure: '1L',
      promotionType: 5,
    });
    // A club price also says isSpecial: the member price is the price, the non-member price the base.
    expect(byKey['133211']).toMatchObject({ price: 650, basePrice: 750, promotionType: 6 });
    expect(byKey['135344']).toMatchObject({ price: 220, basePrice: 220, promotionType: 1 });
    expect(byKey['5046525']).toMatchObject({ saleType: 'weight', price: 349, promotionType: 0 });
    expect(byKey['5046525'].barcode).toBeUndefined();
    expect(byKey['263180']).toMatchObject({ promotionType: 0, multibuy: { quantity: 2, price: 1000 } });
    expect(last).toMatchObject({ chain: 'woolworths', store: '9702', listingComplete: true });
  });
});

describe('Foodstuffs adapter', () => {
  it('maps New World Clubcard prices, other promotions and multibuys across pages', async () => {
    server = await startFixtureServer('newworld');
    const { products } = await fetchFoodstuffs('newworld', 'nw-store', 2);
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/stores/nw-store/products?page=0&hitsPerPage=2',
      '/api/stores/nw-store/products?page=1&hitsPerPage=2',
    ]);
    const byKey = Object.fromEntries(products.map((p) => [p.productKey, p]));
    expect(byKey['5201479-EA-000']).toMatchObject({
      chain: 'newworld',
      size: '2l',
      price: 469,
      basePrice: 529,
      unitPrice: 265,
      unitMeasure: '1l',
      promotionType: 2,
    });
    expect(byKey['5201479-EA-000'].barcode).toBeUndefined();
    expect(byKey['5039965-EA-000']).toMatchObject({ price: 599, basePrice: 689, promotionType: 3 });
    expect(byKey['5002563-EA-000']).toMatchObject({
      price: 399,
      basePrice: 399,
      promotionType: 2,
      multibuy: { quantity: 2, price: 600 },
    });
  });

  it("maps Pak'nSave promotions to Extra Low and weight-sold products", async () => {
    server = await startFixtureServer('paknsave');
    const { products } = await fetchFoodstuffs('paknsave', 'ps-store', 50);
    expect(products).toHaveLength(2);
    expect(products[0]).toMatchObject({
      name: 'Bananas',
      brand: null,
      saleType: 'weight',
      price: 299,
      promotionType: 0,
    });
    expect(products[1]).toMatchObject({ saleType: 'unit', price: 449, basePrice: 489, promotionType: 4 });
  });
});

async function fetchFoodstuffs(chain: 'newworld' | 'paknsave', store: string, pageSize: number) {
  if (!server) throw new Error('start the server first');
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c) => chunks.push(String(c)));
  await fetchStore(
    { chain, store, baseUrl: server.url, intervalMs: 0, retries: 0, backoffMs: 1, pageSize },
    out,
  );
  const lines = chunks
    .join('')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { products: lines.filter((l) => !l.listingComplete) };
}

describe('the HTTP layer', () => {
  it('retries a busy site with back-off, then succeeds', async () => {
    server = await startFixtureServer('woolworths');
    server.failures.push(503, 429);
    const waits: number[] = [];
    const http = politeHttp({
      intervalMs: 0,
      retries: 3,
      backoffMs: 100,
      sleep: async (ms) => void waits.push(ms),
    });
    const body = await http.getJson<{ products: { totalItems: number } }>(
      `${server.url}/api/v1/products?page=1`,
    );
    expect(body.products.totalItems).toBe(5);
    expect(server.requests).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });

  it('gives a clear error when the site refuses, without retrying', async () => {
    server = await startFixtureServer('woolworths');
    server.failures.push(403);
    const http = politeHttp({ intervalMs: 0, retries: 3, backoffMs: 1 });
    await expect(http.getJson(`${server.url}/api/v1/products?page=1`)).rejects.toThrow(
      /127\.0\.0\.1:\d+ refused the request \(403 Forbidden\)/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after the last retry', async () => {
    server = await startFixtureServer('woolworths');
    server.failures.push(500, 500, 500);
    const http = politeHttp({ intervalMs: 0, retries: 2, backoffMs: 1 });
    await expect(http.getJson(`${server.url}/api/v1/products?page=1`)).rejects.toThrow(
      /kept failing \(500 .*\) after 3 tries/,
    );
  });

  it('leaves the set interval between requests', async () => {
    server = await startFixtureServer('woolworths');
    const http = politeHttp({ intervalMs: 60, retries: 0, backoffMs: 1 });
    const started = performance.now();
    for (const page of [1, 2, 1]) await http.getJson(`${server.url}/api/v1/products?page=${page}`);
    // Three requests: two full intervals between them at least.
    expect(performance.now() - started).toBeGreaterThanOrEqual(118);
    expect(server.requests).toHaveLength(3);
  });
});

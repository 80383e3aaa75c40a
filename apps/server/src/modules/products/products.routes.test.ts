import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodes, loadCatalogue, T_LOADED } from '../../test/fixtures/catalogue-setup.js';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';

let t: TestApp;
let owner: SignedIn;
let shortCode: string;
let storeIds: Awaited<ReturnType<typeof loadCatalogue>>;

beforeAll(async () => {
  t = await buildTestApp();
  storeIds = await loadCatalogue(t);
  owner = await t.signIn('owner@example.com');
  shortCode = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace.shortCode;
  for (const id of [storeIds.newWorld, storeIds.paknsave, storeIds.woolworths]) {
    expect((await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${id}` })).statusCode).toBe(
      200,
    );
  }
});
afterAll(() => t.close());

const search = async (text: unknown) => {
  const res = await owner.request({
    method: 'POST',
    url: `/api/${shortCode}/products/search`,
    payload: { text },
  });
  return res;
};
const names = async (text: string) => (await search(text)).json().map((p: { name: string }) => p.name);

describe('searching products', () => {
  it('finds Weet-Bix from "weet bix", "weetbix" and the start of a word', async () => {
    expect((await names('weet bix'))[0]).toBe('Weet-Bix Breakfast Cereal');
    expect((await names('weetbix'))[0]).toBe('Weet-Bix Breakfast Cereal');
    expect((await names('WEET'))[0]).toBe('Weet-Bix Breakfast Cereal');
  });

  it('ranks the 2 L milks first for "milk 2l", then other milks', async () => {
    const found = await names('milk 2l');
    expect(found.slice(0, 2).sort()).toEqual(['Blue Top Milk', 'Trim Milk']);
    expect(found).toContain('Milk Standard');
    expect(found.indexOf('Milk Standard')).toBeGreaterThan(1);
    expect(await names('milk 2 litres')).toEqual(found);
  });

  it('finds a product by its barcode', async () => {
    expect(await names(barcodes.blueTop)).toEqual(['Blue Top Milk']);
  });

  it('answers products priced at the workspace stores, cheapest first, with best and highest', async () => {
    const [weetBix] = (await search('weet-bix')).json();
    expect(weetBix).toMatchObject({
      brand: 'Sanitarium',
      displayUnits: '750g',
      bestPrice: 599,
      highestPrice: 719,
    });
    expect(weetBix.prices.map((p: { storeId: number; price: number }) => [p.storeId, p.price])).toEqual([
      [storeIds.paknsave, 599],
      [storeIds.newWorld, 689],
      [storeIds.woolworths, 719],
    ]);
    expect(weetBix.prices[1]).toMatchObject({ basePrice: 789, promotionType: 2 });
  });

  it('answers at most 50 products', async () => {
    expect(await names('tea')).toHaveLength(50);
  });

  it('refuses empty or blank text with a message on the text field', async () => {
    for (const text of ['', '   ', undefined]) {
      const res = await search(text);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.text.message).toBe('Enter something to search for.');
    }
  });

  it('finds nothing for words no product has', async () => {
    expect(await names('zzzz')).toEqual([]);
  });
});

describe('product detail', () => {
  it('gives a product and its prices at the workspace stores', async () => {
    const [milk] = (await search(barcodes.blueTop)).json();
    const detail = await owner.request({ method: 'GET', url: `/api/${shortCode}/products/${milk.id}` });
    expect(detail.statusCode).toBe(200);
    // The search's product, each price with how far back its history goes (issue 45).
    const { prices: detailPrices, ...rest } = detail.json();
    const { prices: searchPrices, ...searched } = milk;
    expect(rest).toEqual(searched);
    expect(detailPrices.map(({ historyFrom, ...p }: { historyFrom: number }) => p)).toEqual(searchPrices);
    expect(detailPrices.every((p: { historyFrom?: number }) => typeof p.historyFrom === 'number')).toBe(true);
    const prices = await owner.request({
      method: 'GET',
      url: `/api/${shortCode}/products/${milk.id}/prices`,
    });
    expect(prices.json().map((p: { price: number }) => p.price)).toEqual([479, 529, 539]);
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    expect(
      (await owner.request({ method: 'GET', url: `/api/${shortCode}/products/999999` })).statusCode,
    ).toBe(404);
    expect(
      (await owner.request({ method: 'GET', url: `/api/${shortCode}/products/999999/prices` })).statusCode,
    ).toBe(404);
    expect((await owner.request({ method: 'GET', url: `/api/${shortCode}/products/abc` })).statusCode).toBe(
      400,
    );
  });
});

describe('repeated searches', () => {
  it('show a product and a new price as soon as an ingest in this process loads them', async () => {
    expect(await names('kawakawa')).toEqual([]);
    const kawakawa = { productKey: 'KW', name: 'Kawakawa Tea', brand: 'Kiwiherb', size: '20 pack' };
    await ingestLines(t.ctx, [priceLine(stores.paknsaveAlbany, { ...kawakawa, price: 650 })]);
    expect(await names('kawakawa')).toEqual(['Kawakawa Tea']);

    await ingestLines(t.ctx, [
      priceLine(stores.paknsaveAlbany, { ...kawakawa, price: 590, observedAt: T_LOADED + 86_400_000 }),
    ]);
    const [found] = (await search('kawakawa')).json();
    expect(found.bestPrice).toBe(590);
    // Every price says when a feed last listed it (issue 33): a confirmation moves it, the price
    // and its history stay.
    expect(found.prices[0].seenAt).toBe(T_LOADED + 86_400_000);
    await ingestLines(t.ctx, [
      priceLine(stores.paknsaveAlbany, { ...kawakawa, price: 590, observedAt: T_LOADED + 9 * 86_400_000 }),
    ]);
    const [confirmed] = (await search('kawakawa')).json();
    expect(confirmed.prices[0]).toMatchObject({ price: 590, seenAt: T_LOADED + 9 * 86_400_000 });
    const product = await owner.request({ method: 'GET', url: `/api/${shortCode}/products/${found.id}` });
    expect(product.json().prices[0].seenAt).toBe(T_LOADED + 9 * 86_400_000);
  });

  it('answer JSON with the same content as a fresh search', async () => {
    const first = await search('tea');
    const second = await search('tea');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.json()).toEqual(first.json());
    expect(first.json().length).toBeGreaterThan(10);
  });
});

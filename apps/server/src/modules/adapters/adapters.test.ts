// The chain fetchers against local shops that answer with the real shapes and check requests as the
// real ones do (test/fixtures/chains). Each test reads a whole store and looks at what was asked
// and what was written.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchLines } from '../../test/fixtures/chains/fetch-lines.js';
import {
  realWoolworthsItems,
  startWoolworthsShop,
  type WoolworthsShop,
} from '../../test/fixtures/chains/woolworths-shop.js';
import { FetchRefused } from './polite-http.js';
import { woolworthsLine } from './woolworths.adapter.js';

let shop: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

// Woolworths site 9159 (Nelson) is fulfilment store 9527, pickup address 1225552 (woolworths-online-ids.csv).
const nelson = { site: '9159', fulfilment: 9527, pickup: '1225552' };

async function woolworths(
  options: Partial<Parameters<typeof startWoolworthsShop>[0]> = {},
): Promise<WoolworthsShop> {
  const started = await startWoolworthsShop({
    departments: [
      { slug: 'fruit-veg', name: 'Fruit & Veg', count: 40 },
      { slug: 'pantry', name: 'Pantry', count: 30 },
    ],
    pickup: { [nelson.pickup]: nelson.fulfilment },
    ...options,
  });
  shop = started;
  return started;
}

describe('Woolworths', () => {
  it('pins the store by choosing it for pickup, then reads every department past the 10,000 browse cap', async () => {
    const s = await woolworths({
      departments: [
        { slug: 'pantry', name: 'Pantry', count: 6_566 },
        { slug: 'fridge-deli', name: 'Fridge & Deli', count: 2_821 },
        { slug: 'fruit-veg', name: 'Fruit & Veg', count: 722 },
      ],
    });
    const { products, last, error } = await fetchLines({
      chain: 'woolworths',
      store: nelson.site,
      baseUrl: s.url,
    });
    expect(error).toBeUndefined();
    expect(s.products.length).toBeGreaterThan(10_000);
    expect(products).toHaveLength(s.products.length);
    expect(new Set(products.map((p) => p.productKey)).size).toBe(s.products.length);
    expect(products.every((p) => p.store === nelson.site && p.chain === 'woolworths')).toBe(true);
    expect(last).toMatchObject({ chain: 'woolworths', store: nelson.site, listingComplete: true });

    const [home, method, pickup, shell, firstPage] = s.requests;
    expect(home).toMatchObject({ method: 'GET', path: '/' });
    expect(method).toMatchObject({ method: 'PUT', path: '/api/v1/fulfilment/my/methods/pickup' });
    expect(pickup).toMatchObject({
      method: 'PUT',
      path: '/api/v1/fulfilment/my/pickup-addresses',
      body: { addressId: 1225552 },
    });
    expect(shell?.path).toBe('/api/v1/shell');
    expect(firstPage?.path).toBe(
      '/api/v1/products?target=browse&dasFilter=Department%3B%3Bpantry%3Bfalse&inStockProductsOnly=false&size=120&page=1',
    );
    // The session cookie from the home page goes with every later request.
    expect(s.requests.slice(1).every((r) => /ASP\.NET_SessionId=/.test(String(r.headers.cookie)))).toBe(true);
    expect(s.requests.slice(1).every((r) => r.headers['x-requested-with'] === 'OnlineShopping.WebApp')).toBe(
      true,
    );
    // Prices are the pinned store's, not the default store's.
    const sample = s.products[100];
    if (!sample) throw new Error('the shop has fewer products than expected');
    const line = products.find((p) => p.productKey === sample.sku);
    expect(line?.price).toBe(Math.round(s.pricedAt(sample, nelson.fulfilment).price.salePrice * 100));
  });

  it('maps the real items: club price, special, unshown discount, multibuy, loose produce, in-store barcodes', async () => {
    const s = await woolworths();
    const { products } = await fetchLines({ chain: 'woolworths', store: nelson.site, baseUrl: s.url });
    const byKey = Object.fromEntries(products.map((p) => [p.productKey, p]));
    // 9527 % 7 = 0: the real prices unchanged.
    expect(byKey['133211']).toMatchObject({
      name: 'fresh fruit bananas yellow loose',
      barcode: '9354829000064',
      saleType: 'weight',
      size: 'per kg',
      minimumQuantity: 0.25,
      minimumIncrement: 0.25,
      price: 399,
      basePrice: 399,
      unitPrice: 399,
      unitMeasure: '1kg',
      promotionType: 0,
      category: 'Fruit & Veg',
      imageUrl: 'https://assets.woolworths.com.au/images/2010/133211.jpg?impolicy=wowcdxwbjbx&w=200&h=200',
    });
    // Sold below originalPrice but the shop shows no saving (canShowSavings false): one price.
    expect(byKey['314075']).toMatchObject({
      price: 595,
      basePrice: 595,
      promotionType: 0,
      minimumQuantity: 0.2,
      minimumIncrement: 0.1,
    });
    // A scale barcode (prefix 02) names no product across stores; the multibuy stays.
    expect(byKey['354360']).toMatchObject({
      saleType: 'unit',
      price: 299,
      multibuy: { quantity: 2, price: 450 },
    });
    expect(byKey['354360'].barcode).toBeUndefined();
    expect(byKey['354360'].minimumQuantity).toBeUndefined();
    expect(byKey['957004']).toMatchObject({
      price: 300,
      basePrice: 419,
      promotionType: 5,
      unitPrice: 300,
      unitMeasure: '1L',
    });
    expect(byKey['263595']).toMatchObject({ price: 600, basePrice: 639, promotionType: 6, size: '540mL' });
  });

  it('writes no line for an item without a price', () => {
    const [bananas] = realWoolworthsItems;
    if (!bananas) throw new Error('no real items');
    const unpriced = { ...bananas, price: { ...bananas.price, salePrice: null as unknown as number } };
    expect(woolworthsLine(unpriced, nelson.site, '2026-11-23T00:00:00Z')).toBeNull();
    expect(woolworthsLine(bananas, nelson.site, '2026-11-23T00:00:00Z')).toMatchObject({ price: 399 });
  });

  it('refuses when the shop prices another store than the one chosen', async () => {
    const s = await woolworths({ ignorePickup: true });
    const { lines, error } = await fetchLines({ chain: 'woolworths', store: nelson.site, baseUrl: s.url });
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as Error).message).toMatch(
      /answered the pickup-store choice for store 9171, not the asked-for store 9527 \(site 9159\)/,
    );
    expect(lines).toHaveLength(0);
  });

  it('refuses when a later answer is for another store, without listingComplete', async () => {
    const s = await woolworths({ loseStoreAfter: 1 });
    const { lines, error } = await fetchLines({
      chain: 'woolworths',
      store: nelson.site,
      baseUrl: s.url,
      pageSize: 10,
    });
    expect((error as Error).message).toMatch(/answered department "Fruit & Veg" for store 9171/);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.listingComplete)).toBe(false);
  });

  it('refuses a department the browse cap would cut short', async () => {
    const s = await woolworths({ departments: [{ slug: 'pantry', name: 'Pantry', count: 10_400 }] });
    const { error } = await fetchLines({ chain: 'woolworths', store: nelson.site, baseUrl: s.url });
    expect((error as Error).message).toMatch(/department "Pantry" lists 10000 items, the browse cap/);
  });

  it('reads the specials listing alone, without claiming a whole listing', async () => {
    const s = await woolworths({ specials: 5 });
    const { lines } = await fetchLines({
      chain: 'woolworths',
      store: nelson.site,
      baseUrl: s.url,
      kind: 'specials',
    });
    expect(lines).toHaveLength(s.specials.length);
    expect(lines.every((l) => l.promotionType >= 5)).toBe(true);
    expect(s.requests.at(-1)?.path).toBe(
      '/api/v1/products?target=specials&useRankedSpecials=true&size=120&page=1',
    );
  });

  it('refuses a site without online-shop ids', async () => {
    const s = await woolworths();
    // Flaxmere (9702) is in the store locator with empty online-shop ids; 1 is no site at all.
    for (const site of ['9702', '1']) {
      const { error } = await fetchLines({ chain: 'woolworths', store: site, baseUrl: s.url });
      expect((error as Error).message).toMatch(new RegExp(`Woolworths store ${site} has no online-shop ids`));
    }
    expect(s.requests).toHaveLength(0);
  });
});

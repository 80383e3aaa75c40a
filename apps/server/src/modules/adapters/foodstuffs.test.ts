// The Foodstuffs fetcher against a local shop answering with the real edge API shapes and checking
// requests as the real one does (token, store in the POST body, filters, sort order, 1,000-hit cap).
import { afterEach, describe, expect, it } from 'vitest';
import { fetchLines } from '../../test/fixtures/chains/fetch-lines.js';
import {
  type FoodstuffsShopOptions,
  realFoodstuffsProducts,
  type ShopCategory,
  startFoodstuffsShop,
} from '../../test/fixtures/chains/foodstuffs-shop.js';
import type { FoodstuffsProduct } from './foodstuffs.adapter.js';
import { FetchRefused } from './polite-http.js';

// Real stores (seed-data/nz-stores.csv): PAK'nSAVE Highland Park (where the real items were read)
// and New World Alexandra (South Island).
const highlandPark = {
  id: '2a1b331a-fc4a-496a-b072-e97cc8f70cae',
  name: "PAK'nSAVE Highland Park",
  region: 'NI' as const,
};
const alexandra = {
  id: '8d098344-5474-4626-ae1c-90ed0f57306f',
  name: 'New World Alexandra',
  region: 'SI' as const,
};

let shop: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

const small: ShopCategory[] = [
  { name: 'Fruit & Vegetables', count: 12 },
  { name: 'Pantry', count: 8 },
];

async function foodstuffs(options: Partial<FoodstuffsShopOptions> = {}) {
  const s = await startFoodstuffsShop({ stores: [highlandPark, alexandra], categories: small, ...options });
  shop = s;
  return s;
}

/** The same real product with a promotion of our own making, for the kinds the sample lacks. */
const withPromotion = (
  id: string,
  promotion: Partial<NonNullable<FoodstuffsProduct['promotions']>[number]>,
): FoodstuffsProduct => ({
  ...(realFoodstuffsProducts[4] as FoodstuffsProduct),
  productId: id,
  promotions: [
    {
      rewardValue: 499,
      threshold: 1,
      cardDependencyFlag: false,
      bestPromotion: true,
      sapType: 'PROMO',
      ...promotion,
    },
  ],
});

describe("New World and Pak'nSave", () => {
  it('reads a whole store through the 1,000-hit cap by narrowing to sub-categories', async () => {
    const s = await foodstuffs({
      categories: [
        {
          name: 'Pantry',
          children: [
            { name: 'Baking', count: 900 },
            {
              name: 'Snacks',
              children: [
                { name: 'Chips', count: 700 },
                { name: 'Biscuits', count: 650 },
              ],
            },
          ],
        },
        { name: 'Fruit & Vegetables', count: 300 },
      ],
    });
    const { products, last, error } = await fetchLines({
      chain: 'paknsave',
      store: highlandPark.id,
      baseUrl: s.url,
    });
    expect(error).toBeUndefined();
    expect(products).toHaveLength(2_550);
    expect(new Set(products.map((p) => p.productKey)).size).toBe(2_550);
    expect(products.every((p) => p.store === highlandPark.id && p.chain === 'paknsave')).toBe(true);
    expect(last).toMatchObject({ chain: 'paknsave', store: highlandPark.id, listingComplete: true });

    const [signIn, storeList] = s.requests;
    expect(signIn).toMatchObject({ method: 'POST', path: '/api/user/get-current-user' });
    expect(storeList).toMatchObject({ method: 'GET', path: '/v1/edge/store' });
    const searches = s.requests.filter((r) => r.path === '/v1/edge/search/paginated/products');
    expect(searches.every((r) => /^Bearer guest\./.test(String(r.headers.authorization)))).toBe(true);
    expect(searches.every((r) => (r.body as { storeId: string }).storeId === highlandPark.id)).toBe(true);
    expect(searches.every((r) => /eCom_STORE_ID=2a1b331a/.test(String(r.headers.cookie)))).toBe(true);
    const filters = searches.map(
      (r) => (r.body as { algoliaQuery: { filters: string } }).algoliaQuery.filters,
    );
    expect(filters).toContain(`stores:${highlandPark.id} AND category0NI:"Pantry"`);
    expect(filters).toContain(
      `stores:${highlandPark.id} AND category0NI:"Pantry" AND category1NI:"Snacks" AND category2NI:"Chips"`,
    );
    expect((searches[1]?.body as { sortOrder?: string } | undefined)?.sortOrder).toBe('NI_POPULARITY_ASC');
  });

  it('refuses a category it cannot get under the cap, without listingComplete', async () => {
    const s = await foodstuffs({ categories: [{ name: 'Pantry', count: 1_200 }] });
    const { lines, error } = await fetchLines({ chain: 'paknsave', store: highlandPark.id, baseUrl: s.url });
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as Error).message).toMatch(
      /category "Pantry" has 1200 products, over the search's 1000-hit cap/,
    );
    expect(lines.some((l) => l.listingComplete)).toBe(false);
  });

  it('refuses when the categories miss products the store lists', async () => {
    const s = await foodstuffs({ unlisted: [{ name: 'Seasonal', count: 4 }] });
    const { lines, error } = await fetchLines({ chain: 'paknsave', store: highlandPark.id, baseUrl: s.url });
    expect((error as Error).message).toMatch(/lists 24 products but its categories held 20/);
    expect(lines).toHaveLength(20);
    expect(lines.some((l) => l.listingComplete)).toBe(false);
  });

  it('renews the guest token when it stops working during a long listing', async () => {
    const s = await foodstuffs({ tokenCalls: 5, categories: [{ name: 'Pantry', count: 600 }] });
    const { products, last, error } = await fetchLines({
      chain: 'newworld',
      store: highlandPark.id,
      baseUrl: s.url,
    });
    expect(error).toBeUndefined();
    expect(products).toHaveLength(600);
    expect(last?.listingComplete).toBe(true);
    expect(s.tokensIssued()).toBeGreaterThanOrEqual(3);
  });

  it('renews a token before its stated expiry', async () => {
    // A token that says it lives 30 s is renewed before every call (renewal a minute early).
    const s = await foodstuffs({ tokenSeconds: 30 });
    await fetchLines({ chain: 'newworld', store: highlandPark.id, baseUrl: s.url });
    const edgeCalls = s.requests.filter((r) => r.path.startsWith('/v1/edge/')).length;
    expect(s.tokensIssued()).toBe(edgeCalls);
  });

  it('refuses a store the chain does not list', async () => {
    const s = await foodstuffs();
    const { lines, error } = await fetchLines({ chain: 'newworld', store: 'not-a-store', baseUrl: s.url });
    expect((error as Error).message).toMatch(
      /newworld store not-a-store is not in the chain's online store list/,
    );
    expect(lines).toHaveLength(0);
  });

  it('uses the South Island sort order and category fields for a South Island store', async () => {
    const s = await foodstuffs();
    const { last } = await fetchLines({ chain: 'newworld', store: alexandra.id, baseUrl: s.url });
    expect(last?.listingComplete).toBe(true);
    const search = s.requests.find(
      (r) =>
        r.path === '/v1/edge/search/paginated/products' && JSON.stringify(r.body).includes('category0SI'),
    );
    expect((search?.body as { sortOrder?: string } | undefined)?.sortOrder).toBe('SI_POPULARITY_ASC');
  });

  it("maps the real items and every promotion kind at New World and Pak'nSave", async () => {
    const extra = [
      withPromotion('9000001-EA-000', { cardDependencyFlag: true, rewardValue: 450 }),
      withPromotion('9000002-EA-000', { rewardValue: 520 }),
      withPromotion('9000003-EA-000', { threshold: 2, rewardValue: 1000, cardDependencyFlag: true }),
      {
        ...(realFoodstuffsProducts[4] as FoodstuffsProduct),
        productId: '9000004-EA-000',
        singlePrice: { price: 0 },
      },
    ];
    const s = await foodstuffs({ extra });
    // Store id "2a1b…": every price is 2a1b's charCode % 5 = 0 cents off the real ones.
    const pns = Object.fromEntries(
      (await fetchLines({ chain: 'paknsave', store: highlandPark.id, baseUrl: s.url })).products.map((p) => [
        p.productKey,
        p,
      ]),
    );
    // Pak'nSave's BASE price is its everyday price, not a promotion.
    expect(pns['5039966-EA-000']).toMatchObject({
      name: 'Cauliflower',
      size: 'ea',
      price: 199,
      basePrice: 199,
      promotionType: 1,
    });
    expect(pns['5046917-KGM-000']).toMatchObject({
      saleType: 'weight',
      size: 'per kg',
      minimumQuantity: 0.15,
      minimumIncrement: 0.05,
      price: 399,
      unitPrice: 399,
      unitMeasure: '1kg',
      category: 'Fruit & Vegetables',
      imageUrl: 'https://a.fsimg.co.nz/product/retail/fan/image/200x200/5046917.png',
    });
    expect(pns['5046542-KGM-000']).toMatchObject({
      saleType: 'weight',
      price: 349,
      basePrice: 349,
      promotionType: 0,
      minimumQuantity: 0.2,
      minimumIncrement: 0.1,
    });
    // 4 avocados for $3.00; one costs the shelf price.
    expect(pns['5028110-EA-000']).toMatchObject({
      saleType: 'unit',
      price: 88,
      basePrice: 88,
      promotionType: 4,
      multibuy: { quantity: 4, price: 300 },
    });
    expect(pns['5093843-EA-000']).toMatchObject({
      brand: 'Best Foods',
      size: '340ml',
      price: 599,
      unitPrice: 176,
      unitMeasure: '100ml',
      promotionType: 0,
    });
    expect(pns['5093843-EA-000'].barcode).toBeUndefined();
    expect(pns['9000001-EA-000']).toMatchObject({ price: 450, basePrice: 599, promotionType: 4 });
    // No price at this store: no line (and no claim about its price).
    expect(pns['9000004-EA-000']).toBeUndefined();

    const nw = Object.fromEntries(
      (await fetchLines({ chain: 'newworld', store: highlandPark.id, baseUrl: s.url })).products.map((p) => [
        p.productKey,
        p,
      ]),
    );
    expect(nw['9000001-EA-000']).toMatchObject({ price: 450, basePrice: 599, promotionType: 2 });
    expect(nw['9000002-EA-000']).toMatchObject({ price: 520, basePrice: 599, promotionType: 3 });
    expect(nw['9000003-EA-000']).toMatchObject({
      price: 599,
      promotionType: 2,
      multibuy: { quantity: 2, price: 1000 },
    });
    expect(nw['5028110-EA-000']).toMatchObject({ promotionType: 3, multibuy: { quantity: 4, price: 300 } });
  });

  it('reads the promotion listing alone for specials', async () => {
    const s = await foodstuffs({ extra: [withPromotion('9000002-EA-000', { rewardValue: 520 })] });
    const { lines } = await fetchLines({
      chain: 'newworld',
      store: highlandPark.id,
      baseUrl: s.url,
      kind: 'specials',
    });
    const onPromotion = s.products.filter((p) => (p.promotions ?? []).some((x) => x.sapType !== 'BASE'));
    expect(lines.map((l) => l.productKey).sort()).toEqual(onPromotion.map((p) => p.productId).sort());
    expect(lines.map((l) => l.productKey)).toContain('9000002-EA-000');
    expect(lines.some((l) => l.listingComplete)).toBe(false);
    const search = s.requests.find((r) => r.path === '/v1/edge/search/paginated/products');
    expect((search?.body as { algoliaQuery?: { filters?: string } } | undefined)?.algoliaQuery?.filters).toBe(
      `stores:${highlandPark.id} AND onPromotion:${highlandPark.id}`,
    );
  });
});

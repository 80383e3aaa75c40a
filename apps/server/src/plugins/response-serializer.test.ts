// The production serializer (compiled from the response schemas) must write exactly what zod's
// checked serializer writes, for real answers: start-up data, a priced shopping list, a product's
// prices, lists. The answers come from the real routes over a real database with a real feed.
import {
  ZCart,
  ZCartItem,
  ZInitialData,
  ZListProducts,
  ZListSummary,
  ZPriceList,
  ZTextItem,
} from '@kete/shared';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCatalogue } from '../test/fixtures/catalogue-setup.js';
import { buildTestApp, type SignedIn, type TestApp } from '../test/test-app.js';
import { compiledSerializer } from './response-serializer.js';

let t: TestApp;
let shopper: SignedIn;
let shortCode: string;
let storeIds: Awaited<ReturnType<typeof loadCatalogue>>;

beforeAll(async () => {
  t = await buildTestApp();
  storeIds = await loadCatalogue(t);
  shopper = await t.signIn('serializer@example.com');
  shortCode = (await shopper.request({ method: 'POST', url: '/api/init/start' })).json().workspace.shortCode;
  for (const id of [storeIds.newWorld, storeIds.paknsave, storeIds.woolworths])
    await shopper.request({ method: 'POST', url: `/api/${shortCode}/stores/${id}` });
});
afterAll(() => t.close());

const checked = createSerializerCompiler({});
const input = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/', httpStatus: '200' }) as never;

/** Both serializers on one answer: the same JSON, field for field. */
function expectSameJson(schema: z.ZodType, answer: unknown) {
  const fast = compiledSerializer(input(schema))(answer);
  const slow = checked(input(schema))(answer);
  expect(JSON.parse(fast)).toEqual(JSON.parse(slow));
}

async function get(url: string) {
  const res = await shopper.request({ method: 'GET', url: `/api/${shortCode}${url}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the compiled response serializer', () => {
  it('writes start-up data exactly as the contract does', async () => {
    const init = (await shopper.request({ method: 'POST', url: '/api/init/start' })).json();
    expect(init.specials.length).toBe(3);
    expectSameJson(ZInitialData, init);
  });

  it('writes a priced shopping list, a product with its prices and lists exactly as the contract does', async () => {
    const products = (
      await shopper.request({
        method: 'POST',
        url: `/api/${shortCode}/products/search`,
        payload: { text: 'milk' },
      })
    ).json();
    for (const p of products.slice(0, 5))
      await shopper.request({
        method: 'POST',
        url: `/api/${shortCode}/cart`,
        payload: { productId: p.id, quantity: 2 },
      });
    const cart = await get('/cart');
    expect(cart.length).toBeGreaterThan(1);
    expectSameJson(ZCart, cart);
    expectSameJson(ZPriceList, await get(`/products/${products[0].id}/prices`));
    await shopper.request({
      method: 'POST',
      url: `/api/${shortCode}/lists`,
      payload: { name: 'Weekly', productId: products[0].id },
    });
    const lists = await get('/lists');
    expectSameJson(z.array(ZListSummary), lists);
    expectSameJson(ZListProducts, await get(`/lists/${lists[0].id}`));
  });

  it('writes either item a cart add answers, as the route holds it (fields the contract leaves out and all)', async () => {
    const [product] = (
      await shopper.request({
        method: 'POST',
        url: `/api/${shortCode}/products/search`,
        payload: { text: 'bread' },
      })
    ).json();
    const item = (
      await shopper.request({
        method: 'POST',
        url: `/api/${shortCode}/cart`,
        payload: { productId: product.id, quantity: 1 },
      })
    ).json();
    const either = input(z.union([ZCartItem, ZTextItem]));
    // The service's objects carry more than the contract (the serializer's job is to leave it out).
    const held = { ...item, product: { ...item.product, rank: 3 }, workspaceId: 9 };
    expect(JSON.parse(compiledSerializer(either)(held))).toEqual(item);
    const text = { id: 4, text: 'something for lunch', quantity: 2 };
    expect(JSON.parse(compiledSerializer(either)({ ...text, workspace_id: 9 }))).toEqual(text);
  });

  it('leaves out fields the contract does not have', () => {
    const answer = [{ id: 1, name: 'Weekly', secret: 'internal' }];
    expect(JSON.parse(compiledSerializer(input(z.array(ZListSummary)))(answer))).toEqual([
      { id: 1, name: 'Weekly' },
    ]);
  });
});

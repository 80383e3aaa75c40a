import { ALTERNATIVES_LIMIT, ZAlternatives } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { addWorkspaceStore } from '../shopping/test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { kindProduct, priceAt } from '../shopping/test/plan-fixtures.js';
import { productNotFound } from './products.routes.js';

let t: TestApp;
let aroha: Shopper;
let outsider: Shopper;
const ids = {} as Record<
  'anchor' | 'pams' | 'meadow' | 'noCategory' | 'organic' | 'small' | 'drinks' | 'elsewhere',
  number
>;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  outsider = await signInShopper(t, 'outsider@example.com');
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 1);
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 2);
  const db = t.ctx.db;
  const milk = (
    name: string,
    brand: string | null,
    displayUnits: string,
    category: string | null = 'dairy',
  ) => kindProduct(db, { name, brand, displayUnits, category });
  ids.anchor = await milk('Anchor Trim Milk', 'Anchor', '2L');
  ids.pams = await milk('Pams Trim Milk', 'Pams', '2L');
  ids.meadow = await milk('Milk Trim', 'Meadow Fresh', '2000ml');
  ids.noCategory = await milk('Trim Milk', 'Dairy Goodness', '2L', null);
  ids.organic = await milk('Organic Trim Milk', 'Lewis Road', '2L');
  ids.small = await milk('Trim Milk', 'Pams', '1L');
  ids.drinks = await milk('Trim Milk', 'Oddity', '2L', 'drinks');
  ids.elsewhere = await milk('Trim Milk', 'Far Away', '2L');
  for (const [id, price] of [
    [ids.anchor, 520],
    [ids.pams, 410],
    [ids.meadow, 480],
    [ids.noCategory, 450],
    [ids.organic, 300],
    [ids.small, 200],
    [ids.drinks, 100],
  ] as const) {
    await priceAt(db, id, 1, { price });
  }
  await priceAt(db, ids.meadow, 2, { price: 470 });
  await priceAt(db, ids.elsewhere, 3, { price: 100 }); // not one of Aroha's stores
});
afterAll(() => t.close());

const alternatives = async (productId: number, who: Shopper = aroha) => {
  const res = await who.api('GET', `/products/${productId}/alternatives`);
  expect(res.statusCode, res.body).toBe(200);
  return ZAlternatives.parse(res.json());
};

describe('GET /api/{shortCode}/products/{id}/alternatives', () => {
  it('answers other brands of the same kind and size, cheapest first, priced at the workspace stores', async () => {
    const found = await alternatives(ids.anchor);
    expect(found.map((p) => p.id)).toEqual([ids.pams, ids.noCategory, ids.meadow]);
    expect(found[2]?.prices.map((p) => p.storeId).sort()).toEqual([1, 2]);
  });

  it('works from any of them back to the others', async () => {
    expect((await alternatives(ids.pams)).map((p) => p.id)).toEqual([ids.noCategory, ids.meadow, ids.anchor]);
  });

  it('answers [] when nothing else is of the same kind', async () => {
    expect(await alternatives(ids.organic)).toEqual([]);
  });

  it(`answers at most ${ALTERNATIVES_LIMIT}`, async () => {
    const many: number[] = [];
    for (let i = 0; i < ALTERNATIVES_LIMIT + 5; i++) {
      const id = await kindProduct(t.ctx.db, {
        name: 'Weet-Bix Cereal',
        brand: `Brand ${i}`,
        displayUnits: '750g',
      });
      await priceAt(t.ctx.db, id, 1, { price: 500 + i });
      many.push(id);
    }
    const found = await alternatives(many[0] as number);
    expect(found).toHaveLength(ALTERNATIVES_LIMIT);
    expect(found.map((p) => p.id)).toEqual(many.slice(1, ALTERNATIVES_LIMIT + 1));
  });

  it('is 404 for an unknown product and 400 for a bad id', async () => {
    const unknown = await aroha.api('GET', '/products/999999/alternatives');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(productNotFound);
    expect((await aroha.api('GET', '/products/abc/alternatives')).statusCode).toBe(400);
  });

  it('is for members only', async () => {
    const res = await outsider.api('GET', `/products/${ids.anchor}/alternatives`, undefined, aroha.shortCode);
    expect(res.statusCode).toBe(403);
  });
});

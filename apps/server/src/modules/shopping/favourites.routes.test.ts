import { PromotionType, ZInitialData } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { addWorkspaceStore, createProduct, setPrice } from './test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from './test/household.js';

let t: TestApp;
let aroha: Shopper;
let ben: Shopper;
let yoghurt: number;
let avocado: number;
let coffee: number;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  yoghurt = await createProduct(t.ctx.db, { name: 'yoghurt' });
  avocado = await createProduct(t.ctx.db, { name: 'Avocado' });
  coffee = await createProduct(t.ctx.db, { name: 'Coffee beans' });
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 10);
  // Avocado is on special at Aroha's store; coffee only at a store she does not use; yoghurt's
  // price is merely 'new price', which does not count as a promotion.
  await setPrice(t.ctx.db, avocado, 10, 199, PromotionType.NewWorldClubCard);
  await setPrice(t.ctx.db, coffee, 11, 999, PromotionType.PakNSaveExtraLow);
  await setPrice(t.ctx.db, yoghurt, 10, 550, PromotionType.NewPrice);
});
afterAll(() => t.close());

const initFavourites = async (shopper: Shopper) => {
  const res = await shopper.request({ method: 'POST', url: '/api/init/start' });
  return ZInitialData.parse(res.json()).favourites;
};

describe('favourites', () => {
  it('answers {id}, the same id when favourited twice', async () => {
    const first = await aroha.api('POST', `/favourites/${yoghurt}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: expect.any(Number) });
    const again = await aroha.api('POST', `/favourites/${yoghurt}`);
    expect(again.json()).toEqual(first.json());
    const rows = await t.ctx.db.selectFrom('favourites').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('come in init sorted by name, saying which are on promotion at the workspace stores', async () => {
    await aroha.api('POST', `/favourites/${coffee}`);
    await aroha.api('POST', `/favourites/${avocado}`);
    const favourites = await initFavourites(aroha);
    expect(favourites.map((f) => [f.name, f.onPromotion])).toEqual([
      ['Avocado', true],
      ['Coffee beans', false],
      ['yoghurt', false],
    ]);
    expect(favourites[0]?.prices).toEqual([expect.objectContaining({ storeId: 10, price: 199 })]);
    const listed = await aroha.api('GET', '/favourites');
    expect(listed.json()).toEqual(favourites);
  });

  it('are removed with DELETE, harmlessly twice', async () => {
    expect((await aroha.api('DELETE', `/favourites/${coffee}`)).statusCode).toBe(204);
    expect((await aroha.api('DELETE', `/favourites/${coffee}`)).statusCode).toBe(204);
    expect((await initFavourites(aroha)).map((f) => f.name)).toEqual(['Avocado', 'yoghurt']);
  });

  it('belong to one workspace', async () => {
    expect(await initFavourites(ben)).toEqual([]);
  });

  it('answer 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await aroha.api('POST', '/favourites/424242')).statusCode).toBe(404);
    expect((await aroha.api('POST', '/favourites/not-a-number')).statusCode).toBe(400);
    expect((await aroha.api('DELETE', '/favourites/-3')).statusCode).toBe(400);
  });
});

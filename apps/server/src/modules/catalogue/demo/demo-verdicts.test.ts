// The demo tells the truth about itself (issue 33, item 9): every demo price's verdict, as the API
// answers it, is the verdict the shared rule gives from the history the history API answers.
import { type PricePoint, priceVerdict } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../app-context.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { prepareDemoCatalogue } from './demo-catalogue.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const withDemo = (app: TestApp): AppContext => ({
  ...app.ctx,
  config: { ...app.ctx.config, demoData: true },
});

interface ApiPrice {
  storeId: number;
  price: number;
  priorPrice?: number | null;
  usualPrice?: number | null;
  lowest365?: number | null;
  dealRating?: string | null;
}

interface ApiPoint {
  storeId: number;
  observedAt: number;
  price: number | null;
  promotionType: number;
  multibuyQuantity?: number | null;
  multibuyPrice?: number | null;
}

describe('the demo verdicts', () => {
  it('agree, for every price at the chosen stores, with the history the API answers', async () => {
    await prepareDemoCatalogue(withDemo(t), () => {});
    const user = await t.signIn('demo.truth@example.com');
    const shortCode: string = (await user.request({ method: 'POST', url: '/api/init/start' })).json()
      .workspace.shortCode;
    // Metro Albert Street (the example) and a store of each other chain.
    const stores = await t.ctx.db
      .selectFrom('stores')
      .select(['id', 'name'])
      .where((eb) =>
        eb.or([
          eb('name', '=', 'Metro Albert Street Woolworths'),
          eb('name', '=', 'New World Mt Albert'),
          eb('name', 'like', "PAK'nSAVE Royal Oak%"),
        ]),
      )
      .execute();
    expect(stores.length).toBeGreaterThanOrEqual(2);
    for (const s of stores) {
      const chosen = await user.request({ method: 'POST', url: `/api/${shortCode}/stores/${s.id}` });
      expect(chosen.statusCode).toBe(200);
    }
    const priced = await t.ctx.db
      .selectFrom('prices')
      .select(['product_id', 'store_id'])
      .where(
        'store_id',
        'in',
        stores.map((s) => s.id),
      )
      .execute();
    const productIds = [...new Set(priced.map((p) => p.product_id))];
    expect(productIds.length).toBeGreaterThan(2000);
    const now = t.clock.now();
    const mismatches: string[] = [];
    let sawExample = false;
    const ratings = new Map<string, number>();
    for (const id of productIds) {
      const product = await user.request({ method: 'GET', url: `/api/${shortCode}/products/${id}` });
      expect(product.statusCode).toBe(200);
      const history = await user.request({
        method: 'GET',
        url: `/api/${shortCode}/products/${id}/history?days=730`,
      });
      expect(history.statusCode).toBe(200);
      const points = history.json().history as ApiPoint[];
      for (const price of product.json().prices as ApiPrice[]) {
        const own: PricePoint[] = points
          .filter((p) => p.storeId === price.storeId)
          .map((p) => ({
            observedAt: p.observedAt,
            price: p.price,
            promotionType: p.promotionType,
            multibuyQuantity: p.multibuyQuantity ?? null,
            multibuyPrice: p.multibuyPrice ?? null,
          }));
        const expected = priceVerdict(own, now);
        // The example (product 1838 before issue 45 reshaped the demo): a prior price that is
        // the per-unit cost of a "2 for $X" multibuy in the 30 days before the special, a multibuy
        // the history answers.
        if (
          price.dealRating === 'genuine' &&
          own.some(
            (p) =>
              p.multibuyQuantity === 2 &&
              p.multibuyPrice !== null &&
              p.multibuyPrice !== undefined &&
              Math.round(p.multibuyPrice / 2) === price.priorPrice,
          )
        )
          sawExample = true;
        const answered = {
          priorPrice: price.priorPrice ?? null,
          usualPrice: price.usualPrice ?? null,
          lowest365: price.lowest365 ?? null,
          dealRating: price.dealRating ?? null,
        };
        ratings.set(String(answered.dealRating), (ratings.get(String(answered.dealRating)) ?? 0) + 1);
        if (JSON.stringify(answered) !== JSON.stringify(expected))
          mismatches.push(
            `${id}@${price.storeId}: ${JSON.stringify(answered)} != ${JSON.stringify(expected)}`,
          );
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(sawExample).toBe(true);
    // Some of each verdict a shopper should see in a demo. (None is 'unknown': the current specials
    // began in the last weeks of twelve, with more than 30 days of history before them.)
    expect(ratings.get('unknown') ?? 0).toBe(0);
    for (const rating of ['genuine', 'usual', 'none'])
      expect(ratings.get(rating) ?? 0, rating).toBeGreaterThan(0);
    // Twelve weeks are not the 180 days a year's low needs (issue 45): never 'great'.
    expect(ratings.get('great') ?? 0).toBe(0);
  }, 120_000);
});

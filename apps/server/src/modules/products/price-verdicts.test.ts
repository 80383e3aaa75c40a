// The per-process verdict cache behind verdictsFor (the fallback when no stored verdict holds).
import { DAY_MS, noVerdict, type PricePoint, priceVerdict } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { historySince } from './price-history.repository.js';
import { forgetVerdicts, VERDICT_HISTORY_FROM, verdictsFor } from './price-verdicts.js';

let t: TestApp;
let storeIds: number[];
let productIds: number[];
/** Tea at New World Albany: rated (a special, the year's low). */
let teaAtNewWorld: { storeId: number; productId: number };
const lines = { tea: { productKey: 'TEA', name: 'Earl Grey Tea', brand: 'Dilmah', size: '100pk' } };

beforeAll(async () => {
  t = await buildTestApp();
  const ago = (days: number) => t.clock.now() - days * DAY_MS;
  const nw = stores.newWorldAlbany;
  const pak = stores.paknsaveAlbany;
  await ingestLines(t.ctx, [
    priceLine(nw, { ...lines.tea, price: 600, observedAt: ago(150) }),
    priceLine(nw, { ...lines.tea, price: 450, basePrice: 600, promotionType: 2, observedAt: ago(10) }),
    priceLine(pak, { ...lines.tea, price: 580, observedAt: ago(90) }),
    priceLine(pak, {
      productKey: 'COF',
      name: 'Plunger Coffee',
      size: '200g',
      price: 1200,
      observedAt: ago(40),
    }),
  ]);
  const storeRows = await t.ctx.db.selectFrom('stores').select(['id', 'source_id']).execute();
  const idOf = (at: { store: string }) => storeRows.find((r) => r.source_id === at.store)?.id ?? -1;
  storeIds = [idOf(nw), idOf(pak)];
  productIds = (await t.ctx.db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
  const tea = await t.ctx.db
    .selectFrom('products')
    .select('id')
    .where('name', '=', 'Earl Grey Tea')
    .executeTakeFirstOrThrow();
  teaAtNewWorld = { storeId: idOf(nw), productId: tea.id };
});
afterAll(() => t.close());

/** The verdict straight from the history, without any cache. */
async function fromHistory(storeId: number, productId: number, now: number) {
  const rows = await historySince(t.ctx.db, t.ctx.dialect, [productId], [storeId], VERDICT_HISTORY_FROM);
  const points: PricePoint[] = rows.map((row) => ({
    observedAt: row.observed_at,
    price: row.price,
    promotionType: row.promotion_type,
    multibuyQuantity: row.multibuy_quantity,
    multibuyPrice: row.multibuy_price,
  }));
  return priceVerdict(points, now);
}

describe('verdictsFor', () => {
  it('gives each pair the verdict its own history gives, duplicates and pairs without prices included', async () => {
    forgetVerdicts();
    const now = t.clock.now();
    const pairs = storeIds.flatMap((storeId) => productIds.map((productId) => ({ storeId, productId })));
    const verdictOf = await verdictsFor(t.ctx.db, t.ctx.dialect, [...pairs, teaAtNewWorld], now);
    for (const pair of pairs)
      expect(verdictOf(pair)).toEqual(await fromHistory(pair.storeId, pair.productId, now));
    expect(verdictOf(teaAtNewWorld).dealRating).not.toBeNull(); // the special is rated
    expect(verdictOf({ ...teaAtNewWorld, productId: 999_999 })).toBe(noVerdict);
  });

  it('answers from the cache until told the history changed', async () => {
    forgetVerdicts();
    const now = t.clock.now();
    const pair = teaAtNewWorld;
    const before = (await verdictsFor(t.ctx.db, t.ctx.dialect, [pair], now))(pair);
    // The history rewritten behind the cache's back: the cached verdict still answers...
    await t.ctx.db.deleteFrom('price_history').where('product_id', '=', pair.productId).execute();
    expect((await verdictsFor(t.ctx.db, t.ctx.dialect, [pair], now))(pair)).toEqual(before);
    // ...until forgotten (what an ingest announces), when it is read again.
    forgetVerdicts();
    const after = (await verdictsFor(t.ctx.db, t.ctx.dialect, [pair], now))(pair);
    expect(after).toEqual(await fromHistory(pair.storeId, pair.productId, now));
    expect(after).not.toEqual(before);
  });
});

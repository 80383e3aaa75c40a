// Stored verdicts (verdict-store.ts) through the real ingest on the test database (SQLite, and
// PostgreSQL in its run): what is stored is what the history says, the answers use it while it
// holds and only then, and what an ingest leaves for later the keeper stores.
import { priceVerdict } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededStoreId } from '../../test/fixtures/catalogue-setup.js';
import { DAY, priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { forgetCachedPrices } from './price-cache.js';
import { historySince } from './price-history.repository.js';
import { VERDICT_HISTORY_FROM } from './price-verdicts.js';
import { startVerdictKeeper } from './verdict-keeper.js';
import { dayOf, markVerdictsPending, refreshDueVerdicts, refreshVerdicts } from './verdict-store.js';

let t: TestApp;
let owner: SignedIn;
let shortCode: string;
let storeId: number;
let tea: number;

const nw = stores.newWorldAlbany;
const teaLine = { productKey: 'TEA', name: 'Earl Grey Tea', brand: 'Dilmah', size: '100pk' };
const coffeeLine = { productKey: 'COF', name: 'Plunger Coffee', brand: 'Robert Harris', size: '200g' };

const productAnswer = async (id = tea) => {
  const res = await owner.request({ method: 'GET', url: `/api/${shortCode}/products/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json().prices[0];
};
const stored = () => t.ctx.db.selectFrom('price_verdicts').selectAll().orderBy('product_id').execute();
const setStoredRating = async (rating: string) => {
  await t.ctx.db
    .updateTable('price_verdicts')
    .set({ deal_rating: rating })
    .where('product_id', '=', tea)
    .execute();
  // Answers are cached for seconds (price-cache.ts); a stored row changed by hand must show now.
  forgetCachedPrices();
};

beforeAll(async () => {
  t = await buildTestApp();
  const now = t.clock.now();
  const ago = (days: number) => now - days * DAY;
  await ingestLines(t.ctx, [
    // Tea: $6.00 for months, then a special at $4.50 ten days ago (the year's low, known over more
    // than 180 days: great).
    priceLine(nw, { ...teaLine, price: 600, observedAt: ago(200) }),
    priceLine(nw, { ...teaLine, price: 450, basePrice: 600, promotionType: 2, observedAt: ago(10) }),
    // Coffee: one price, never changed.
    priceLine(nw, { ...coffeeLine, price: 1200, observedAt: ago(40) }),
  ]);
  storeId = await seededStoreId(t, nw);
  owner = await t.signIn('owner@example.com');
  shortCode = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace.shortCode;
  await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${storeId}` });
  const found = await owner.request({
    method: 'POST',
    url: `/api/${shortCode}/products/search`,
    payload: { text: 'earl grey' },
  });
  tea = found.json()[0].id;
});
afterAll(() => t.close());

describe('stored verdicts', () => {
  it('stores, after an ingest, the verdict the history gives for each current price', async () => {
    const now = t.clock.now();
    const rows = await stored();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const history = await historySince(
        t.ctx.db,
        t.ctx.dialect,
        [row.product_id],
        [row.store_id],
        VERDICT_HISTORY_FROM,
      );
      const verdict = priceVerdict(
        history.map((h) => ({
          observedAt: h.observed_at,
          price: h.price,
          promotionType: h.promotion_type,
          multibuyQuantity: h.multibuy_quantity,
          multibuyPrice: h.multibuy_price,
        })),
        now,
      );
      expect(row).toMatchObject({
        prior_price: verdict.priorPrice,
        usual_price: verdict.usualPrice,
        lowest_365: verdict.lowest365,
        deal_rating: verdict.dealRating,
        valid_from: dayOf(now),
      });
    }
    const teaRow = rows.find((r) => r.product_id === tea);
    expect(teaRow).toMatchObject({ price: 450, deal_rating: 'great', valid_until: dayOf(now) + 1 });
    // The coffee's price never changed: its verdict holds until its price changes.
    expect(rows.find((r) => r.product_id !== tea)?.valid_until).toBe(2_147_483_647);
    expect(await productAnswer()).toMatchObject({ price: 450, priorPrice: 600, dealRating: 'great' });
  });

  it('answers with the stored verdict while it holds, for the price it was stored for only', async () => {
    // A stored verdict the history would not give ('usual') shows that answers read the stored one.
    await setStoredRating('usual');
    expect((await productAnswer()).dealRating).toBe('usual');
    // A new price: the ingest stores its verdict again, and the answer follows the history.
    t.clock.advance(60_000);
    await ingestLines(t.ctx, [
      priceLine(nw, {
        ...teaLine,
        price: 400,
        basePrice: 600,
        promotionType: 2,
        observedAt: t.clock.now() - 1000,
      }),
    ]);
    expect(await productAnswer()).toMatchObject({ price: 400, priorPrice: 600, dealRating: 'great' });
    // A price changed behind the stored verdict's back is never given that verdict.
    await setStoredRating('usual');
    await t.ctx.db.updateTable('price_verdicts').set({ price: 999 }).where('product_id', '=', tea).execute();
    forgetCachedPrices();
    expect((await productAnswer()).dealRating).toBe('great');
  });

  it("stops using a verdict the day it no longer holds, and the day's refresh stores it again", async () => {
    await refreshVerdicts(t.ctx.db, t.ctx.dialect, t.clock.now());
    await setStoredRating('usual');
    expect((await productAnswer()).dealRating).toBe('usual');
    t.clock.advance(DAY);
    owner = await t.signIn('owner@example.com');
    expect((await productAnswer()).dealRating).toBe('great');
    const report = await refreshDueVerdicts(t.ctx.db, t.ctx.dialect, t.clock.now());
    // Only the tea was due: the coffee's verdict still holds.
    expect(report).toMatchObject({ verdicts: 1, written: 1 });
    expect(await refreshDueVerdicts(t.ctx.db, t.ctx.dialect, t.clock.now())).toBeNull();
    const teaRow = (await stored()).find((r) => r.product_id === tea);
    expect(teaRow).toMatchObject({ deal_rating: 'great', valid_from: dayOf(t.clock.now()) });
  });

  it('leaves what was marked for later to the keeper, which stores it and clears the mark', async () => {
    await t.ctx.db.deleteFrom('price_verdicts').execute();
    forgetCachedPrices();
    await markVerdictsPending(t.ctx.db, t.clock.now());
    const lines: string[] = [];
    const keeper = startVerdictKeeper(t.ctx, (line) => lines.push(line));
    try {
      await keeper.check();
    } finally {
      keeper.stop();
    }
    expect(await stored()).toHaveLength(2);
    expect(lines.join('\n')).toMatch(/Stored verdicts \(after an ingest\): 2 computed, 2 written/);
    const mark = await t.ctx.db
      .selectFrom('catalogue_facts')
      .select('value')
      .where('key', '=', 'verdicts-pending')
      .executeTakeFirst();
    expect(mark).toBeUndefined();
    expect((await productAnswer()).dealRating).toBe('great');
  });
});

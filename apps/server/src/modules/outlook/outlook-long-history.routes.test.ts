// The largest call the outlooks allow (OUTLOOK_PAIRS_PER_CALL: 200 products at 20 stores), each
// pair with a year of price changes: 160,000 history rows, which once failed (500) in a spread
// into push() past the arguments a call can take. It answers in full.
import { OUTLOOK_PAIRS_PER_CALL } from '@kete/shared';
import type { Insertable } from 'kysely';
import { expect, it } from 'vitest';
import type { DB } from '../../db/schema.js';
import { DAY, priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { signInShopper } from '../shopping/test/household.js';

const STORES = 20;
const PRODUCTS = OUTLOOK_PAIRS_PER_CALL / STORES;
/** A year of price changes: a special every 18 days, on for 9 and off for 9. */
const CHANGES = 40;

it('answers a call at its bound whose every pair has a year of history', async () => {
  const t = await buildTestApp();
  try {
    const now = t.clock.now();
    const lines = Array.from({ length: PRODUCTS }, (_, i) =>
      priceLine(stores.newWorldAlbany, {
        productKey: `LH${i}`,
        name: `Long History ${i}`,
        brand: 'Yearly',
        size: '1kg',
        price: 400,
        observedAt: now - 400 * DAY,
      }),
    );
    expect((await ingestLines(t.ctx, lines)).skipped).toBe(0);
    const ids = (
      await t.ctx.db.selectFrom('products').select('id').where('name', 'like', '%Long History%').execute()
    ).map((r) => r.id);
    const storeIds = (
      await t.ctx.db.selectFrom('stores').select('id').orderBy('id').limit(STORES).execute()
    ).map((r) => r.id);
    let rows: Insertable<DB['price_history']>[] = [];
    const flush = async () => {
      if (rows.length > 0) await t.ctx.db.insertInto('price_history').values(rows).execute();
      rows = [];
    };
    for (const product_id of ids)
      for (const store_id of storeIds)
        for (let k = 0; k < CHANGES; k++) {
          const special = k % 2 === 1;
          rows.push({
            product_id,
            store_id,
            price: special ? 300 : 400,
            base_price: 400,
            promotion_type: special ? 3 : 0,
            multibuy_quantity: null,
            multibuy_price: null,
            observed_at: now - 365 * DAY + k * 9 * DAY + 1_000,
          });
          if (rows.length >= 2_000) await flush();
        }
    await flush();
    const shopper = await signInShopper(t, 'long-history@example.com');
    for (const id of storeIds) expect((await shopper.api('POST', `/stores/${id}`)).statusCode).toBe(200);

    const res = await shopper.api('GET', `/outlooks?ids=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    const products = res.json().products as { stores: { advice: string; basis: { specials: number } }[] }[];
    expect(products).toHaveLength(PRODUCTS);
    expect(products.every((p) => p.stores.length === STORES)).toBe(true);
    // Every pair read its own year: 20 specials each, none left 'unknown'.
    expect(products.flatMap((p) => p.stores).every((s) => s.basis.specials === CHANGES / 2)).toBe(true);
  } finally {
    await t.close();
  }
});

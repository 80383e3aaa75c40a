// Issue 45, item 1: loading the same observations in any order gives the same history, current
// price and verdicts. Property: random permutations (seeded, so a failure repeats) of real
// products' lines from apps/server/bench-data (Woolworths NZ, 2024-25) against the in-order load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { forgetVerdicts, verdictsFor } from '../products/price-verdicts.js';
import { ingestLines } from './ingest.service.js';

const csv = join(import.meta.dirname, '../../../bench-data/real-prices/woolworths-price-history.csv');
const SPECIAL = 5;

/** One real product's lines, oldest first; a drop below its highest price so far is a special
 * (the file has prices only), as npm run quality:verdicts reads it. */
function realLines(sku: string): { at: number; price: number; base: number; promo: number }[] {
  const rows = readFileSync(csv, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${sku},`))
    .map((line) => line.split(','))
    .map(([, seconds, dollars]) => ({ at: Number(seconds) * 1000, price: Math.round(Number(dollars) * 100) }))
    .sort((a, b) => a.at - b.at);
  let highest = 0;
  return rows.map((r) => {
    highest = Math.max(highest, r.price);
    return { ...r, base: highest, promo: r.price < highest ? SPECIAL : 0 };
  });
}

/** A seeded shuffle (mulberry32): the same permutation on every run. */
function shuffled<T>(list: T[], seed: number): T[] {
  let s = seed;
  const random = () => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const at = stores.woolworthsFlaxmere;

async function load(key: string, lines: ReturnType<typeof realLines>, batchSize: number) {
  const feed = lines.map((l) =>
    priceLine(at, {
      productKey: key,
      name: `Real product ${key}`,
      price: l.price,
      basePrice: l.base,
      promotionType: l.promo,
      observedAt: l.at,
    }),
  );
  const report = await ingestLines(t.ctx, feed, { batchSize });
  expect(report.skipped).toBe(0);
  const { product_id } = await t.ctx.db
    .selectFrom('product_sources')
    .select('product_id')
    .where('chain', '=', 3)
    .where('product_key', '=', key)
    .executeTakeFirstOrThrow();
  return product_id;
}

/** What a shopper is shown of a load: the change points, the current price and the verdicts. */
async function whatIsShown(productId: number, times: number[]) {
  const rows = await t.ctx.db
    .selectFrom('price_history')
    .select(['observed_at', 'price', 'base_price', 'promotion_type'])
    .where('product_id', '=', productId)
    .orderBy('observed_at')
    .execute();
  const changes = rows
    .map((r) => [Number(r.observed_at), r.price, r.base_price, r.promotion_type])
    .filter((r, n, all) => n === 0 || r.slice(1).some((v, k) => v !== all[n - 1]?.[k + 1]));
  const current = await t.ctx.db
    .selectFrom('prices')
    .select(['price', 'base_price', 'promotion_type', 'observed_at'])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  const { id: storeId } = await t.ctx.db
    .selectFrom('stores')
    .select('id')
    .where('source_id', '=', at.store)
    .executeTakeFirstOrThrow();
  const verdicts = [];
  for (const now of times) {
    forgetVerdicts();
    verdicts.push(
      (await verdictsFor(t.ctx.db, t.ctx.dialect, [{ storeId, productId }], now))({ storeId, productId }),
    );
  }
  return { changes, current: { ...current, observed_at: Number(current.observed_at) }, verdicts };
}

describe('a backfill loaded in any order', () => {
  // 35109 flips between $4.00 and a special 26 times (the example: 22 entries instead of
  // 26); 352492 has the file's longest history (39 lines, 8 prices), 9023 twelve lines of 5 prices.
  it.each(['35109', '352492', '9023'])(
    'gives product %s the in-order history, price and verdicts',
    async (sku) => {
      const lines = realLines(sku);
      expect(lines.length).toBeGreaterThan(0);
      const first = lines[0]?.at as number;
      const last = lines.at(-1)?.at as number;
      const times = [first + DAY, (first + last) / 2, last + DAY].map(Math.round);
      const expected = await whatIsShown(await load(`${sku}-in-order`, lines, 4), times);
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const id = await load(`${sku}-shuffled-${seed}`, shuffled(lines, seed), seed % 2 === 0 ? 3 : 1000);
        expect({ seed, ...(await whatIsShown(id, times)) }).toEqual({ seed, ...expected });
      }
    },
  );
});

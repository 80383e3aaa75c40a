// npm run quality:verdicts (issue 33, item 8): the real Woolworths NZ price history
// (apps/server/bench-data/real-prices, 185,841 change points of 19,618 products) loaded through the
// real ingest into a scratch database, then every history entry and the verdicts of a sample of
// products at several clock times checked against a computation written here, apart from the
// product's code (packages/shared price-verdict.ts is not imported). Prints the mismatches (target
// 0) and the real verdict shares.
//
// The file has prices only: a price below the highest the product was charged so far is taken as
// a special (promotion 5, that highest as its base price), as a shopper would read a drop.
// It loads the file twice, each into a fresh scratch database: in file order, then shuffled (a
// seeded permutation of all lines, as a real operator's backfill arrives; issue 45, item 1), and
// prints each load's mismatches. `--order reverse` loads the lines newest first instead, so all but
// the newest of each product are backfilled into the past (issue 33, item 4); `--products N` checks
// the first N products only. QUALITY_DATABASE_URL: a PostgreSQL scratch database instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { ingestLines } from '../modules/ingest/ingest.service.js';
import { forgetVerdicts, verdictsFor } from '../modules/products/price-verdicts.js';
import { readRealPriceRows } from './real-price-rows.js';

const DAY = 86_400_000;
const SPECIAL = 5;

interface Point {
  t: number;
  price: number;
  base: number;
  promo: number;
}

/** The file as each product's points, oldest first, with the special read from the drops. */
function readHistory(): Map<string, Point[]> {
  const out = new Map<string, Point[]>();
  for (const [sku, rows] of readRealPriceRows()) {
    let highest = 0;
    out.set(
      sku,
      rows.map((r) => {
        highest = Math.max(highest, r.price);
        return { t: r.t, price: r.price, base: highest, promo: r.price < highest ? SPECIAL : 0 };
      }),
    );
  }
  return out;
}

/** What the history should hold: the points where something changed. */
function changePoints(points: Point[]): Point[] {
  return points.filter(
    (p, i) =>
      i === 0 ||
      p.price !== points[i - 1]?.price ||
      p.base !== points[i - 1]?.base ||
      p.promo !== points[i - 1]?.promo,
  );
}

interface Expected {
  priorPrice: number | null;
  usualPrice: number | null;
  lowest365: number | null;
  dealRating: string | null;
}

/** The verdict at `now` by the rules of docs/decisions/0008 and 0020, written afresh. */
function expectedVerdict(all: Point[], now: number): Expected {
  const points = all.filter((p) => p.t <= now);
  const none = { priorPrice: null, usualPrice: null, lowest365: null, dealRating: null };
  const current = points.at(-1);
  if (!current) return none;
  const end = (i: number) => points[i + 1]?.t ?? now;
  const inWindow = (i: number, from: number, to: number) =>
    Math.max(0, Math.min(end(i), to) - Math.max((points[i] as Point).t, from));
  const time = new Map<number, number>();
  let lowest: number | null = null;
  points.forEach((p, i) => {
    const usual = inWindow(i, now - 90 * DAY, now);
    if (usual > 0) time.set(p.price, (time.get(p.price) ?? 0) + usual);
    if (inWindow(i, now - 365 * DAY, now) > 0 && (lowest === null || p.price < lowest)) lowest = p.price;
  });
  let usualPrice: number | null = null;
  let longest = -1;
  for (const [price, t] of time)
    if (t > longest || (t === longest && usualPrice !== null && price > usualPrice)) {
      usualPrice = price;
      longest = t;
    }
  const lowest365 = lowest as number | null;
  if (current.promo === 0) return { priorPrice: null, usualPrice, lowest365, dealRating: null };
  let first = points.length - 1;
  while (first > 0 && (points[first - 1] as Point).promo !== 0) first--;
  const start = (points[first] as Point).t;
  let priorPrice: number | null = null;
  if ((points[0] as Point).t <= start - 30 * DAY)
    points.forEach((p, i) => {
      if (inWindow(i, start - 30 * DAY, start) > 0 && (priorPrice === null || p.price < priorPrice))
        priorPrice = p.price;
    });
  const prior = priorPrice as number | null;
  let promoted = 0;
  points.forEach((p, i) => {
    if (p.promo !== 0) promoted += inWindow(i, now - 90 * DAY, now);
  });
  let dealRating: string;
  if (promoted > 45 * DAY) dealRating = 'usual';
  else if (
    // A year's low is claimed only from 180 days of history before the special (issue 45).
    (points[0] as Point).t <= start - 180 * DAY &&
    lowest365 !== null &&
    usualPrice !== null &&
    current.price <= lowest365 * 1.05 &&
    current.price < usualPrice
  )
    dealRating = 'great';
  else if (prior === null) dealRating = 'unknown';
  else if (current.price < prior) dealRating = 'genuine';
  else dealRating = 'none';
  return { priorPrice: prior, usualPrice, lowest365, dealRating };
}

/** A seeded shuffle (mulberry32): the same permutation on every run. */
function shuffle<T>(list: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

type Order = 'file' | 'reverse' | 'shuffled';

async function main() {
  const orders: Order[] = process.argv.includes('reverse') ? ['reverse'] : ['file', 'shuffled'];
  const at = process.argv.indexOf('--products');
  const limit = at > 0 ? Number(process.argv[at + 1]) : Number.POSITIVE_INFINITY;
  let failed = 0;
  for (const order of orders) failed += await check(order, limit);
  process.exitCode = failed === 0 ? 0 : 1;
}

/** One load in `order` checked against the model; returns its mismatches. */
async function check(order: Order, limit: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'kete-quality-'));
  const ctx = await createContext(
    loadConfig({
      KETE_DATA_DIR: dir,
      KETE_DEMO_DATA: '0',
      KETE_SECRET: 'quality-verdicts-scratch-secret-'.repeat(2),
      ...(process.env.QUALITY_DATABASE_URL ? { DATABASE_URL: process.env.QUALITY_DATABASE_URL } : {}),
    }),
    { startTasks: false },
  );
  try {
    if (process.env.QUALITY_DATABASE_URL)
      for (const table of [
        'price_verdicts',
        'price_history',
        'prices',
        'product_sources',
        'product_barcodes',
      ])
        await sql.raw(`delete from ${table}`).execute(ctx.db);
    const store = await ctx.db
      .selectFrom('stores')
      .select(['id', 'source_id'])
      .where('chain', '=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const history = new Map([...readHistory()].slice(0, limit));
    const lines: string[] = [];
    for (const [sku, points] of history)
      for (const p of points)
        lines.push(
          JSON.stringify({
            chain: 'woolworths',
            store: store.source_id,
            productKey: sku,
            name: `Real product ${sku}`,
            price: p.price,
            basePrice: p.base,
            promotionType: p.promo,
            observedAt: p.t,
          }),
        );
    if (order === 'reverse') lines.reverse();
    if (order === 'shuffled') shuffle(lines, 45);
    const started = performance.now();
    const report = await ingestLines(ctx, lines);
    console.log(
      `Loaded ${report.lines} lines (${{ file: 'in file order', reverse: 'newest first', shuffled: 'shuffled' }[order]}) in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `${report.productsCreated} products, ${report.pricesAdded} new prices, ${report.pricesChanged} changed, ` +
        `${report.pricesUnchanged} unchanged, ${report.pricesBackfilled} into the past, ${report.skipped} bad lines.`,
    );

    const ids = new Map(
      (
        await ctx.db
          .selectFrom('product_sources')
          .select(['product_key', 'product_id'])
          .where('chain', '=', 3)
          .execute()
      ).map((r) => [r.product_key, r.product_id]),
    );
    // Every history entry: the stored rows, repeats merged (a backfill may keep a confirmation).
    const stored = new Map<number, Point[]>();
    for (const r of await ctx.db
      .selectFrom('price_history')
      .select(['product_id', 'observed_at', 'price', 'base_price', 'promotion_type'])
      .where('store_id', '=', store.id)
      .orderBy('product_id')
      .orderBy('observed_at')
      .execute()) {
      const list = stored.get(r.product_id) ?? [];
      list.push({
        t: Number(r.observed_at),
        price: r.price ?? -1,
        base: r.base_price ?? -1,
        promo: r.promotion_type,
      });
      stored.set(r.product_id, list);
    }
    let historyEntries = 0;
    let historyMismatches = 0;
    let entryMismatches = 0;
    const examples: string[] = [];
    for (const [sku, points] of history) {
      const want = changePoints(points);
      const got = changePoints(stored.get(ids.get(sku) ?? -1) ?? []);
      historyEntries += want.length;
      const same =
        want.length === got.length &&
        want.every((p, i) => {
          const g = got[i] as Point;
          return p.t === g.t && p.price === g.price && p.base === g.base && p.promo === g.promo;
        });
      if (!same) {
        historyMismatches++;
        const key = (p: Point) => `${p.t}:${p.price}:${p.base}:${p.promo}`;
        const wanted = new Set(want.map(key));
        const gotten = new Set(got.map(key));
        entryMismatches +=
          want.filter((p) => !gotten.has(key(p))).length + got.filter((p) => !wanted.has(key(p))).length;
        if (examples.length < 5) examples.push(`history of ${sku}: ${JSON.stringify({ want, got })}`);
      }
    }
    console.log(
      `History: ${historyEntries} change points of ${history.size} products checked, ${historyMismatches} products differ (${entryMismatches} entries missing or extra).`,
    );

    // Verdicts: 400 products (300 with a special), at four clock times.
    const skus = [...history.keys()];
    const withSpecial = skus.filter((s) => history.get(s)?.some((p) => p.promo !== 0));
    const step = (list: string[], n: number) =>
      list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0).slice(0, n);
    const sample = [...new Set([...step(withSpecial, 300), ...step(skus, 100)])];
    const times = [
      '2024-11-20T00:00:00Z',
      '2025-01-15T06:00:00Z',
      '2025-03-10T12:00:00Z',
      '2025-05-03T12:00:00Z',
    ];
    let verdictMismatches = 0;
    let checked = 0;
    for (const at of times.map(Date.parse)) {
      forgetVerdicts();
      const pairs = sample.map((sku) => ({ storeId: store.id, productId: ids.get(sku) as number }));
      const verdictOf = await verdictsFor(ctx.db, ctx.dialect, pairs, at);
      sample.forEach((sku, i) => {
        const got = verdictOf(pairs[i] as { storeId: number; productId: number });
        const want = expectedVerdict(history.get(sku) as Point[], at);
        checked++;
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          verdictMismatches++;
          if (examples.length < 10)
            examples.push(`${sku} at ${new Date(at).toISOString()}: ${JSON.stringify({ want, got })}`);
        }
      });
    }
    console.log(
      `Verdicts: ${sample.length} products at ${times.length} clock times (${checked} verdicts), ${verdictMismatches} differ.`,
    );
    for (const e of examples) console.log(`  ${e}`);
    console.log(`Mismatches (${order}): ${historyMismatches + verdictMismatches}`);

    // The real shares: every product on a special at the end of the file, by the rule above.
    const end = Date.parse(times.at(-1) as string);
    const shares = new Map<string, number>();
    let specials = 0;
    for (const points of history.values()) {
      const rating = expectedVerdict(points, end).dealRating;
      if (rating === null) continue;
      specials++;
      shares.set(rating, (shares.get(rating) ?? 0) + 1);
    }
    const pct = (n: number) => `${((100 * n) / Math.max(1, specials)).toFixed(1)}%`;
    console.log(
      `Verdict shares of the ${specials} products on a special on ${times.at(-1)?.slice(0, 10)}: ` +
        ['great', 'genuine', 'none', 'unknown', 'usual']
          .map((r) => `${r} ${shares.get(r) ?? 0} (${pct(shares.get(r) ?? 0)})`)
          .join(', '),
    );
    return historyMismatches + verdictMismatches;
  } finally {
    await ctx.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

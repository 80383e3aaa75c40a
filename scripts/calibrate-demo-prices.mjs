// Demo prices against real ones (issue 12): the same promotion figures measured on the real
// Woolworths NZ price history (../shared/data/real-prices, see its README) and on the demo
// generator's 12 weeks, printed side by side. Run after a build:
//   npx tsc -b apps/server && node scripts/calibrate-demo-prices.mjs [path/to/woolworths-price-history.csv]
// A product's "regular" price is the one it was charged for the longest in the window; time
// below it is time on a discount, however the chain labelled it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const csv = process.argv[2] ?? join(root, '../shared/data/real-prices/woolworths-price-history.csv');
const demo = await import(join(root, 'apps/server/dist/modules/catalogue/demo/demo-prices.js'));
const { demoProducts } = await import(join(root, 'apps/server/dist/modules/catalogue/demo/demo-products.js'));
const { priceVerdict } = await import(join(root, 'packages/shared/dist/index.js')).catch(() => ({}));

const DAY = 86_400_000;
const WINDOW_DAYS = demo.DEMO_WEEKS * 7;

/** Figures for series of spans [{from, to, price}] covering one window each. */
function figures(series) {
  let below = 0;
  let total = 0;
  let discounted = 0;
  let usual = 0;
  let changes = 0;
  const depths = [];
  const runs = [];
  for (const spans of series) {
    const time = new Map();
    for (const s of spans) time.set(s.price, (time.get(s.price) ?? 0) + (s.to - s.from));
    let regular = 0;
    let longest = -1;
    for (const [price, t] of time) {
      if (t > longest || (t === longest && price > regular)) [regular, longest] = [price, t];
    }
    let belowHere = 0;
    let run = 0;
    for (const s of spans) {
      const length = s.to - s.from;
      total += length;
      if (s.price < regular) {
        below += length;
        belowHere += length;
        run += length;
        depths.push(1 - s.price / regular);
      } else if (run > 0) {
        runs.push(run / DAY);
        run = 0;
      }
    }
    if (run > 0) runs.push(run / DAY);
    if (belowHere > 0) discounted++;
    if (belowHere > WINDOW_DAYS * DAY * 0.5) usual++;
    changes += spans.length - 1;
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    products: series.length,
    'time below regular price': `${((100 * below) / total).toFixed(1)}%`,
    'products discounted in the window': `${((100 * discounted) / series.length).toFixed(1)}%`,
    "discounted on most days ('usual')": `${((100 * usual) / series.length).toFixed(1)}%`,
    'discount depth, mean': `${(100 * mean(depths)).toFixed(1)}%`,
    'discount depth, median': `${(100 * median(depths)).toFixed(1)}%`,
    'discount run, median days': median(runs).toFixed(1),
    'discount run, mean days': mean(runs).toFixed(1),
    'price changes per product': (changes / series.length).toFixed(2),
  };
}

// Real: the last WINDOW_DAYS of the file, products whose price was known at the window's start.
const bySku = new Map();
for (const line of readFileSync(csv, 'utf8').split('\n').slice(1)) {
  const [sku, timestamp, price] = line.split(',');
  if (!price) continue;
  const list = bySku.get(sku) ?? [];
  list.push({ at: Number(timestamp) * 1000, price: Math.round(Number(price) * 100) });
  bySku.set(sku, list);
}
let end = 0;
for (const list of bySku.values()) for (const p of list) end = Math.max(end, p.at);
const start = end - WINDOW_DAYS * DAY;
const real = [];
for (const list of bySku.values()) {
  list.sort((a, b) => a.at - b.at);
  if (list[0].at > start) continue;
  const inWindow = list.filter((p) => p.at > start);
  const before = list.filter((p) => p.at <= start).at(-1);
  const points = [{ at: start, price: before.price }, ...inWindow];
  real.push(points.map((p, i) => ({ from: p.at, to: points[i + 1]?.at ?? end, price: p.price })));
}

// Demo: every product at one Woolworths store (promotions are chain-wide), week by week.
const store = { chain: 3, sourceId: '9702', region: 'Auckland', seed: 42 };
const demoSeries = [];
const verdicts = new Map();
for (const p of demoProducts(3000)) {
  const weeks = Array.from({ length: demo.DEMO_WEEKS }, (_, week) => demo.demoState(p, store, week));
  const unit = (s) =>
    s.multibuy ? Math.min(s.price, Math.round(s.multibuy.price / s.multibuy.quantity)) : s.price;
  const spans = [];
  weeks.forEach((s, week) => {
    const last = spans.at(-1);
    if (last && last.price === unit(s)) last.to += 7 * DAY;
    else spans.push({ from: week * 7 * DAY, to: (week + 1) * 7 * DAY, price: unit(s) });
  });
  demoSeries.push(spans);
  if (priceVerdict) {
    const now = demo.DEMO_WEEKS * 7 * DAY;
    const points = weeks.map((s, week) => ({
      observedAt: week * 7 * DAY,
      price: s.price,
      promotionType: s.promotionType,
      multibuyQuantity: s.multibuy?.quantity ?? null,
      multibuyPrice: s.multibuy?.price ?? null,
    }));
    const rating = priceVerdict(points, now - 1).dealRating ?? 'not on promotion';
    verdicts.set(rating, (verdicts.get(rating) ?? 0) + 1);
  }
}

const left = figures(real);
const right = figures(demoSeries);
console.log(
  `Promotions over ${WINDOW_DAYS} days: real Woolworths NZ (${csv.split('/').at(-1)}, to ${new Date(end).toISOString().slice(0, 10)}) vs Kete demo`,
);
console.log(`${''.padEnd(36)}${'real'.padStart(10)}${'demo'.padStart(10)}`);
for (const key of Object.keys(left)) {
  console.log(`${key.padEnd(36)}${String(left[key]).padStart(10)}${String(right[key]).padStart(10)}`);
}
if (verdicts.size) {
  console.log('\nDemo verdicts this week at one Woolworths store (of 3,000 products):');
  for (const [rating, n] of [...verdicts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(rating).padEnd(18)} ${n}`);
}

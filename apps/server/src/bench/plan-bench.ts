// npm run bench:plan: how long the exact plan solver takes (issue 13 target: under 50 ms for a
// 100-item list over 20 stores with maxStores 3). Pure CPU: random but realistic lists (most items
// priced at most stores, specials, club prices, multibuys, a fifth 'Any brand' with alternatives),
// generated from a fixed seed. Prints median, p95 and worst per scenario.
import { type PlanLine, PromotionType, type SolvePlanInput, solvePlan } from '@kete/shared';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

function scenario(seed: number, storeCount: number, itemCount: number) {
  const r = random(seed);
  // Auckland-ish stores, chains in turn (1 New World, 2 Pak'nSave, 3 Woolworths).
  const stores = Array.from({ length: storeCount }, (_, i) => ({
    id: i + 1,
    chain: (i % 3) + 1,
    latitude: -36.95 + r.next() * 0.25,
    longitude: 174.65 + r.next() * 0.3,
  }));
  const offers = (usual: number) =>
    stores
      .filter(() => r.next() < 0.75)
      .map((s) => {
        const base = Math.round(usual * (0.85 + r.next() * 0.35));
        const promoted = r.next() < 0.25;
        const promotionType = !promoted
          ? 0
          : s.chain === 1
            ? PromotionType.NewWorldClubCard
            : s.chain === 2
              ? PromotionType.PakNSaveExtraLow
              : PromotionType.WoolworthsClubPrice;
        const deal = r.next() < 0.1;
        return {
          storeId: s.id,
          price: promoted ? Math.round(base * 0.8) : base,
          basePrice: base,
          promotionType,
          multibuyQuantity: deal ? 2 : null,
          multibuyPrice: deal ? Math.round(base * 1.7) : null,
        };
      });
  let id = 1;
  const lines: PlanLine[] = Array.from({ length: itemCount }, () => {
    const usual = r.int(150, 1500);
    const productId = id++;
    const anyBrand = r.next() < 0.2;
    return {
      productId,
      saleType: 0,
      quantity: r.int(1, 4),
      offers: offers(usual),
      ...(anyBrand
        ? {
            alternatives: Array.from({ length: 5 }, () => ({
              productId: 10_000 + id++,
              saleType: 0,
              offers: offers(usual),
            })),
          }
        : {}),
    };
  });
  return { lines, stores: stores.map(({ chain: _chain, ...s }) => s) };
}

function time(name: string, input: (seed: number) => SolvePlanInput) {
  const times: number[] = [];
  let stores = 0;
  for (let run = 0; run < RUNS + 5; run++) {
    const plan = input(run + 1);
    const started = process.hrtime.bigint();
    const answer = solvePlan(plan);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (run >= 5) times.push(ms); // the first runs warm the JIT up
    stores = Math.max(stores, answer.stores.length);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(2);
  console.log(
    `${name.padEnd(58)} median ${at(0.5)} ms  p95 ${at(0.95)} ms  worst ${at(1)} ms  (≤ ${stores} stores)`,
  );
}

const origin = { latitude: -36.85, longitude: 174.76 };
const cards = ['newworld', 'woolworths'] as const;
console.log(`plan solver, ${RUNS} random lists per line (node ${process.version})`);
time('100 items, 20 stores, maxStores 3 (the target: < 50 ms)', (s) => ({
  ...scenario(s, 20, 100),
  maxStores: 3,
}));
time('100 items, 20 stores, maxStores 3, club cards, travel', (s) => ({
  ...scenario(s, 20, 100),
  maxStores: 3,
  clubCards: [...cards],
  origin,
  travelCentsPerKm: 30,
}));
time('100 items, 20 stores, maxStores 5', (s) => ({ ...scenario(s, 20, 100), maxStores: 5 }));
time('100 items, 20 stores, any number of stores', (s) => scenario(s, 20, 100));
time('100 items, 20 stores, maxStores 5, travel (the largest allowed)', (s) => ({
  ...scenario(s, 20, 100),
  maxStores: 5,
  origin,
  travelCentsPerKm: 30,
}));
// Issue 49: a store past the first only when it saves the household's threshold ($2.00 default).
time('100 items, 20 stores, maxStores 3, minSaving $2.00', (s) => ({
  ...scenario(s, 20, 100),
  maxStores: 3,
  minSaving: 200,
}));
time('100 items, 20 stores, maxStores 5, travel, minSaving $2.00', (s) => ({
  ...scenario(s, 20, 100),
  maxStores: 5,
  origin,
  travelCentsPerKm: 30,
  minSaving: 200,
}));
time('500 items, 20 stores, maxStores 5 (the workspace caps)', (s) => ({
  ...scenario(s, 20, 500),
  maxStores: 5,
}));

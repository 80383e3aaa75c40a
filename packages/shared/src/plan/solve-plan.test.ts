import { describe, expect, it } from 'vitest';
import { PromotionType, SaleType, StoreType } from '../enums.js';
import type { ClubCard, Plan } from '../plan-api.js';
import { haversineKm, type LatLng, shortestTour } from './geo.js';
import { lineCost, type PlanOffer } from './line-cost.js';
import { PlanRequestError } from './plan-error.js';
import {
  type PlanCandidate,
  type PlanLine,
  type PlanStoreInput,
  type SolvePlanInput,
  solvePlan,
} from './solve-plan.js';

/** Deterministic random numbers (mulberry32), so a failing case can be replayed by its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)] as T };
}

const offer = (storeId: number, price: number, extra: Partial<PlanOffer> = {}): PlanOffer => ({
  storeId,
  price,
  basePrice: price,
  promotionType: 0,
  ...extra,
});
const line = (
  productId: number,
  offers: PlanOffer[],
  quantity = 1,
  extra: Partial<PlanLine> = {},
): PlanLine => ({
  productId,
  saleType: SaleType.Unit,
  quantity,
  offers,
  ...extra,
});
const store = (
  id: number,
  latitude: number | null = null,
  longitude: number | null = null,
): PlanStoreInput => ({
  id,
  latitude,
  longitude,
});

describe('lineCost', () => {
  it('counts whole multibuy groups and the rest at the single price', () => {
    const deal = offer(1, 350, { multibuyQuantity: 2, multibuyPrice: 600 });
    expect(lineCost(deal, 1, SaleType.Unit, [])).toEqual({ unitPrice: 350, lineTotal: 350 });
    expect(lineCost(deal, 5, SaleType.Unit, [])).toEqual({
      unitPrice: 350,
      lineTotal: 1550,
      multibuy: { quantity: 2, price: 600 },
    });
  });

  it('ignores a multibuy dearer than the single price, and multibuys on weights', () => {
    expect(
      lineCost(offer(1, 250, { multibuyQuantity: 2, multibuyPrice: 600 }), 2, SaleType.Unit, []).lineTotal,
    ).toBe(500);
    expect(
      lineCost(offer(1, 1000, { multibuyQuantity: 2, multibuyPrice: 1500 }), 2.5, SaleType.Weight, [])
        .lineTotal,
    ).toBe(2500);
  });

  it('counts club prices only with the chain card, else the base price without the multibuy', () => {
    const club = offer(1, 300, { basePrice: 400, promotionType: PromotionType.WoolworthsClubPrice });
    expect(lineCost(club, 2, SaleType.Unit, []).lineTotal).toBe(800);
    expect(lineCost(club, 2, SaleType.Unit, ['newworld']).lineTotal).toBe(800);
    expect(lineCost(club, 2, SaleType.Unit, ['woolworths']).lineTotal).toBe(600);
    const nwDeal = offer(1, 400, {
      basePrice: 400,
      promotionType: PromotionType.NewWorldClubCard,
      multibuyQuantity: 2,
      multibuyPrice: 500,
    });
    expect(lineCost(nwDeal, 2, SaleType.Unit, []).lineTotal).toBe(800);
    expect(lineCost(nwDeal, 2, SaleType.Unit, ['newworld']).lineTotal).toBe(500);
    // Specials that need no card count for everyone.
    const special = offer(1, 300, { basePrice: 400, promotionType: PromotionType.PakNSaveExtraLow });
    expect(lineCost(special, 1, SaleType.Unit, []).lineTotal).toBe(300);
  });

  it('rounds weights to whole cents', () => {
    expect(lineCost(offer(1, 1299), 0.35, SaleType.Weight, []).lineTotal).toBe(455);
  });
});

describe('shortestTour', () => {
  it('finds the shortest round trip (checked against every order)', () => {
    const r = random(7);
    for (let round = 0; round < 50; round++) {
      const k = r.int(1, 6);
      const points = Array.from({ length: k + 1 }, () => ({
        latitude: -37 + r.next(),
        longitude: 174 + r.next(),
      }));
      const [origin, ...rest] = points as [LatLng, ...LatLng[]];
      const tour = shortestTour(
        rest.map((p) => haversineKm(origin, p)),
        rest.map((a) => rest.map((b) => haversineKm(a, b))),
      );
      const length = (order: number[]) => {
        let km = 0;
        let at = origin;
        for (const i of order) {
          km += haversineKm(at, rest[i] as LatLng);
          at = rest[i] as LatLng;
        }
        return km + haversineKm(at, origin);
      };
      let best = Number.POSITIVE_INFINITY;
      for (const order of permutations(rest.map((_, i) => i))) best = Math.min(best, length(order));
      expect(tour.km).toBeCloseTo(best, 9);
      expect(length(tour.order)).toBeCloseTo(best, 9);
      expect([...tour.order].sort()).toEqual(rest.map((_, i) => i));
    }
  });

  it('measures Auckland to Wellington about right', () => {
    const km = haversineKm(
      { latitude: -36.8485, longitude: 174.7633 },
      { latitude: -41.2865, longitude: 174.7762 },
    );
    expect(km).toBeGreaterThan(490);
    expect(km).toBeLessThan(500);
  });
});

function* permutations(xs: number[]): Generator<number[]> {
  if (xs.length <= 1) {
    yield xs;
    return;
  }
  for (let i = 0; i < xs.length; i++) {
    const rest = [...xs.slice(0, i), ...xs.slice(i + 1)];
    for (const tail of permutations(rest)) yield [xs[i] as number, ...tail];
  }
}

function* subsets<T>(xs: readonly T[], max: number, start = 0, taken: T[] = []): Generator<T[]> {
  yield taken;
  if (taken.length === max) return;
  for (let i = start; i < xs.length; i++) yield* subsets(xs, max, i + 1, [...taken, xs[i] as T]);
}

/** The plan by trying every store set, written as plainly as possible to check the solver. */
function bruteForce(input: SolvePlanInput) {
  const cards = input.clubCards ?? [];
  const travel = input.origin !== undefined && input.travelCentsPerKm !== undefined;
  const stores = input.stores.filter((s) => !travel || (s.latitude !== null && s.longitude !== null));
  const at = (l: PlanLine, storeId: number) => {
    let best: { productId: number; lineTotal: number } | undefined;
    const options: PlanCandidate[] = [
      l,
      ...[...(l.alternatives ?? [])].sort((a, b) => a.productId - b.productId),
    ];
    for (const option of options) {
      const o = option.offers.find((x) => x.storeId === storeId);
      if (!o) continue;
      const total = lineCost(o, l.quantity, option.saleType, cards).lineTotal;
      if (!best || total < best.lineTotal) best = { productId: option.productId, lineTotal: total };
    }
    return best;
  };
  const tourKm = (set: PlanStoreInput[]) => {
    if (!travel || set.length === 0) return 0;
    let best = Number.POSITIVE_INFINITY;
    for (const order of permutations(set.map((_, i) => i))) {
      let km = 0;
      let here = input.origin as LatLng;
      for (const i of order) {
        const next = set[i] as LatLng;
        km += haversineKm(here, next);
        here = next;
      }
      best = Math.min(best, km + haversineKm(here, input.origin as LatLng));
    }
    return best;
  };
  const evaluate = (set: PlanStoreInput[]) => {
    const sorted = [...set].sort((a, b) => a.id - b.id);
    let money = Math.round(tourKm(sorted) * (input.travelCentsPerKm ?? 0));
    let unpriced = 0;
    for (const l of input.lines) {
      const costs = sorted.map((s) => at(l, s.id)?.lineTotal).filter((c) => c !== undefined);
      if (costs.length === 0) unpriced++;
      else money += Math.min(...costs);
    }
    return { ids: sorted.map((s) => s.id), unpriced, money };
  };
  type Result = ReturnType<typeof evaluate>;
  // Each store past the first must save at least minSaving: a set is worth its money plus
  // minSaving - 1 cents a store past the first (ties go to fewer stores, so saving exactly
  // minSaving is enough, and one cent less is not).
  const worth = (r: Result) =>
    r.money + Math.max(0, r.ids.length - 1) * Math.max(0, (input.minSaving ?? 0) - 1);
  const better = (a: Result, b: Result) =>
    a.unpriced - b.unpriced ||
    worth(a) - worth(b) ||
    a.ids.length - b.ids.length ||
    (a.ids.find((id, i) => id !== b.ids[i]) ?? 0) - (b.ids.find((id, i) => id !== a.ids[i]) ?? 0);
  let best: Result | undefined;
  for (const set of subsets(stores, input.maxStores ?? stores.length)) {
    const result = evaluate(set);
    if (!best || better(result, best) < 0) best = result;
  }
  let single: Result | undefined;
  for (const s of stores) {
    const result = evaluate([s]);
    if (result.unpriced === input.lines.length) continue;
    if (!single || better(result, single) < 0) single = result;
  }
  return { best: best as Result, single };
}

function randomInput(seed: number): SolvePlanInput {
  const r = random(seed);
  const storeCount = r.int(1, 7);
  const chains = [StoreType.NewWorld, StoreType.PakNSave, StoreType.Woolworths];
  const stores = Array.from({ length: storeCount }, (_, i) => ({
    ...store(100 + i * r.int(1, 3), r.next() < 0.9 ? -36.9 + r.next() * 0.3 : null, 174.7 + r.next() * 0.3),
    chain: r.pick(chains),
  }));
  const unique = [...new Map(stores.map((s) => [s.id, s])).values()];
  for (const s of unique) if (s.latitude === null) s.longitude = null;
  const randomOffers = (): PlanOffer[] =>
    unique
      .filter(() => r.next() < 0.6)
      .map((s) => {
        const base = r.int(100, 900);
        const promotions =
          s.chain === StoreType.NewWorld
            ? [PromotionType.NewWorldClubCard, PromotionType.NewWorldSuperSpecial]
            : s.chain === StoreType.Woolworths
              ? [PromotionType.WoolworthsClubPrice, PromotionType.WoolworthsSpecial]
              : [PromotionType.PakNSaveExtraLow];
        const promoted = r.next() < 0.4;
        const deal = r.next() < 0.3;
        return offer(s.id, promoted ? base - r.int(1, 90) : base, {
          basePrice: base,
          promotionType: promoted ? r.pick(promotions) : 0,
          ...(deal ? { multibuyQuantity: r.int(2, 4), multibuyPrice: r.int(150, base * 2) } : {}),
        });
      });
  let nextId = 1;
  const lines = Array.from({ length: r.int(1, 8) }, () => {
    const productId = nextId++;
    const weight = r.next() < 0.15;
    const alternatives =
      r.next() < 0.3
        ? Array.from({ length: r.int(1, 3) }, () => ({
            productId: 500 + nextId++,
            saleType: weight ? SaleType.Weight : SaleType.Unit,
            offers: randomOffers(),
          }))
        : undefined;
    return line(productId, randomOffers(), weight ? r.int(1, 30) / 10 : r.int(1, 6), {
      saleType: weight ? SaleType.Weight : SaleType.Unit,
      ...(alternatives ? { alternatives } : {}),
    });
  });
  const travel = r.next() < 0.4;
  const cards: ClubCard[] = (['newworld', 'woolworths'] as const).filter(() => r.next() < 0.5);
  const maxStores = r.next() < 0.8 ? r.int(1, 5) : undefined;
  const minSaving = r.next() < 0.5 ? r.int(0, 400) : undefined;
  return {
    ...(minSaving === undefined ? {} : { minSaving }),
    lines,
    stores: unique.map(({ chain: _chain, ...s }) => s),
    ...(maxStores ? { maxStores } : {}),
    ...(travel ? { origin: { latitude: -36.85, longitude: 174.76 }, travelCentsPerKm: r.int(0, 80) } : {}),
    clubCards: cards,
  };
}

describe('solvePlan against brute force', () => {
  it('agrees on 3,000 random lists (multibuys, club cards, travel, substitutes, store limits, minSaving)', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const input = randomInput(seed);
      const plan = solvePlan(input);
      const { best, single } = bruteForce(input);
      const context = `seed ${seed}`;
      expect(
        [...plan.stores.map((s) => s.storeId)].sort((a, b) => a - b),
        context,
      ).toEqual(best.ids);
      expect(plan.unpriced.length, context).toBe(best.unpriced);
      expect(plan.total, context).toBe(best.money);
      const sum = plan.stores.reduce((t, s) => t + s.items.reduce((u, i) => u + i.lineTotal, 0), 0);
      expect(plan.total, context).toBe(sum + (plan.travelCents ?? 0));
      expect(plan.cheapestSingleStore?.storeId, context).toBe(single?.ids[0]);
      expect(plan.cheapestSingleStore?.total, context).toBe(single?.money);
      expect(plan.saving, context).toBe(single ? single.money - best.money : 0);
      for (const s of plan.stores) expect(s.items.length, context).toBeGreaterThan(0);
    }
    // Seconds of work on a busy machine: more room than the default 5 s.
  }, 30_000);
});

describe('solvePlan', () => {
  const stores = [store(1), store(2), store(3)];

  it('splits across stores only as far as maxStores allows', () => {
    const lines = [line(10, [offer(1, 100), offer(2, 300)]), line(11, [offer(1, 500), offer(2, 200)])];
    const two = solvePlan({ lines, stores });
    expect(two.stores.map((s) => [s.storeId, s.subtotal])).toEqual([
      [2, 200],
      [1, 100],
    ]);
    expect(two).toMatchObject({ total: 300, cheapestSingleStore: { storeId: 2, total: 500 }, saving: 200 });
    const one = solvePlan({ lines, stores, maxStores: 1 });
    expect(one).toMatchObject({ total: 500, saving: 0, unpriced: [] });
  });

  it('covers as many items as it can before it minimises cost', () => {
    const lines = [
      line(10, [offer(1, 900), offer(2, 100)]),
      line(11, [offer(1, 900)]),
      line(12, [offer(3, 50)]),
    ];
    const plan = solvePlan({ lines, stores, maxStores: 1 });
    expect(plan.stores.map((s) => s.storeId)).toEqual([1]);
    expect(plan.unpriced).toEqual([12]);
    expect(plan.cheapestSingleStore).toEqual({ storeId: 1, total: 1800, unpriced: [12] });
  });

  it('adds a store only when it saves at least minSaving; without it, any saving counts (issue 49)', () => {
    // Bananas are $1.00 cheaper at store 2; everything else is cheapest at store 1.
    const lines = [line(10, [offer(1, 500), offer(2, 400)]), line(11, [offer(1, 300), offer(2, 900)])];
    const ids = (plan: Plan) => [...plan.stores.map((s) => s.storeId)].sort();
    expect(ids(solvePlan({ lines, stores, maxStores: 2 }))).toEqual([1, 2]);
    expect(ids(solvePlan({ lines, stores, maxStores: 2, minSaving: 0 }))).toEqual([1, 2]);
    expect(ids(solvePlan({ lines, stores, maxStores: 2, minSaving: 100 }))).toEqual([1, 2]);
    const one = solvePlan({ lines, stores, maxStores: 2, minSaving: 101 });
    expect(ids(one)).toEqual([1]);
    expect(one).toMatchObject({ total: 800, saving: 0 });
    expect(ids(solvePlan({ lines, stores, maxStores: 2, minSaving: 200 }))).toEqual([1]);
  });

  it('weighs each extra store against minSaving: a third must save its own share', () => {
    const lines = [
      line(10, [offer(1, 500), offer(2, 200), offer(3, 500)]),
      line(11, [offer(1, 500), offer(2, 500), offer(3, 450)]),
      line(12, [offer(1, 300), offer(2, 600), offer(3, 600)]),
    ];
    const ids = (plan: Plan) => [...plan.stores.map((s) => s.storeId)].sort();
    // Store 2 beside store 1 saves $3.00; store 3 then saves only 50c more.
    expect(ids(solvePlan({ lines, stores, minSaving: 200 }))).toEqual([1, 2]);
    expect(ids(solvePlan({ lines, stores, minSaving: 50 }))).toEqual([1, 2, 3]);
  });

  it('still adds a store that prices an item no other store has, whatever minSaving is', () => {
    const lines = [line(10, [offer(1, 500)]), line(11, [offer(2, 50)])];
    const plan = solvePlan({ lines, stores, maxStores: 2, minSaving: 10_000 });
    expect(plan.unpriced).toEqual([]);
    expect(plan.stores).toHaveLength(2);
  });

  it('says what each line saves against the next cheapest store of the trip (issue 49)', () => {
    const lines = [
      line(10, [offer(1, 420), offer(2, 300)]),
      line(11, [offer(1, 500), offer(2, 900)], 2),
      line(12, [offer(1, 700)]),
    ];
    const plan = solvePlan({ lines, stores: [store(1), store(2)] });
    const item = (id: number) => plan.stores.flatMap((s) => s.items).find((i) => i.productId === id);
    expect(item(10)).toMatchObject({ lineTotal: 300, cheaperBy: 120 });
    expect(item(11)).toMatchObject({ lineTotal: 1000, cheaperBy: 800 });
    // Priced at one store of the trip only: nothing to compare.
    expect(item(12)?.cheaperBy).toBeUndefined();
    const alone = solvePlan({ lines, stores: [store(1), store(2)], maxStores: 1 });
    expect(alone.stores.flatMap((s) => s.items).every((i) => i.cheaperBy === undefined)).toBe(true);
  });

  it('refuses a minSaving that is not whole cents from 0 to $1,000', () => {
    for (const minSaving of [-1, 1.5, 100_001, Number.NaN])
      expect(() => solvePlan({ lines: [], stores, minSaving })).toThrow(PlanRequestError);
  });

  it('breaks ties toward fewer stores', () => {
    const lines = [line(10, [offer(1, 100), offer(2, 100)]), line(11, [offer(2, 100), offer(3, 100)])];
    const plan = solvePlan({ lines, stores });
    expect(plan.stores.map((s) => s.storeId)).toEqual([2]);
  });

  it('counts the round trip and keeps a far store off it when the saving is less than the drive', () => {
    const origin = { latitude: -36.85, longitude: 174.76 };
    const near = store(1, -36.851, 174.761);
    const far = store(2, -36.95, 174.9); // about 17 km away
    const lines = [line(10, [offer(1, 500), offer(2, 400)]), line(11, [offer(1, 300)])];
    const plan = solvePlan({ lines, stores: [near, far], origin, travelCentsPerKm: 20 });
    expect(plan.stores.map((s) => s.storeId)).toEqual([1]);
    expect(plan.travelCents).toBe(Math.round(2 * haversineKm(origin, near as LatLng) * 20));
    expect(plan.stores[0]?.distanceKm).toBeCloseTo(haversineKm(origin, near as LatLng), 2);
    const free = solvePlan({ lines, stores: [near, far], origin, travelCentsPerKm: 0 });
    expect(free.stores.map((s) => s.storeId).sort()).toEqual([1, 2]);
  });

  it('gives distances without counting travel when only the origin is known', () => {
    const plan = solvePlan({
      lines: [line(10, [offer(1, 500)])],
      stores: [store(1, -36.9, 174.8)],
      origin: { latitude: -36.85, longitude: 174.76 },
    });
    expect(plan.travelCents).toBeUndefined();
    expect(plan.stores[0]?.distanceKm).toBeGreaterThan(0);
  });

  it("buys an 'Any brand' item's cheapest alternative for the same quantity", () => {
    const alternative = { productId: 20, saleType: SaleType.Unit, offers: [offer(1, 250)] };
    const lines = [line(10, [offer(1, 300)], 2, { alternatives: [alternative] })];
    const plan = solvePlan({ lines, stores });
    expect(plan.stores[0]?.items).toEqual([
      { productId: 20, quantity: 2, unitPrice: 250, lineTotal: 500, substituteFor: 10 },
    ]);
    // With the alternative vetoed the caller leaves it out.
    expect(solvePlan({ lines: [line(10, [offer(1, 300)], 2)], stores }).total).toBe(600);
  });

  it('lists items no store prices, and answers an empty plan for an empty list', () => {
    const plan = solvePlan({ lines: [line(10, [])], stores });
    expect(plan).toEqual({ stores: [], total: 0, unpriced: [10], cheapestSingleStore: null, saving: 0 });
    expect(solvePlan({ lines: [], stores })).toEqual({
      stores: [],
      total: 0,
      unpriced: [],
      cheapestSingleStore: null,
      saving: 0,
    });
  });

  it('refuses a round trip through too many stores', () => {
    const many = Array.from({ length: 12 }, (_, i) => store(i + 1, -36.8 - i / 100, 174.7));
    const lines = many.map((s) => line(s.id, [offer(s.id, 100)]));
    const origin = { latitude: -36.85, longitude: 174.76 };
    expect(() => solvePlan({ lines, stores: many, origin, travelCentsPerKm: 10 })).toThrow(PlanRequestError);
    expect(
      solvePlan({ lines, stores: many, origin, travelCentsPerKm: 10, maxStores: 5 }).stores,
    ).toHaveLength(5);
    // Without travel any number of stores is fine.
    expect(solvePlan({ lines, stores: many }).stores).toHaveLength(12);
  });

  it('keeps every figure in whole cents', () => {
    const plan: Plan = solvePlan({
      lines: [line(10, [offer(1, 1299)], 0.35, { saleType: SaleType.Weight })],
      stores: [store(1, -36.9, 174.8)],
      origin: { latitude: -36.85, longitude: 174.76 },
      travelCentsPerKm: 33.3,
    });
    for (const n of [plan.total, plan.travelCents, plan.saving]) expect(Number.isInteger(n)).toBe(true);
  });
});

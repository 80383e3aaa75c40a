// Issue 13: the exact cheapest way to buy a shopping list at no more than maxStores stores.
//
// The objective, compared in this order: most items priced; least money (lines plus travel, when
// counted); fewest stores; then the lowest store ids (so the answer is stable). Items priced and
// money are folded into one integer per store set: each unpriced item costs PENALTY, more than
// any plan could ever spend, so coverage always wins first.
//
// Exact by branch and bound over store sets of size <= maxStores. A set's descendants (supersets
// made of the stores after it in the search order) are skipped when a lower bound on them cannot
// beat the best found. Two bounds, the larger used:
//  - each item at the cheaper of its current store and the best remaining store (any number of them);
//  - the set's cost minus the r biggest single-store savings, r stores still allowed: adding stores
//    T saves at most the sum of what each store of T saves alone, since an item's saving under T
//    comes from one store of T.
// Travel never falls when stores are added (a round trip through more points is never shorter in
// a metric space), so the set's own travel is a bound on its supersets' travel.
// Issue 49, a split worth the trip: with minSaving, each store past the first costs minSaving - 1
// cents in the comparison (never in the totals), like travel: it never falls when stores are
// added, so the bounds hold. Ties go to fewer stores, so a store saving exactly minSaving is
// added and one saving a cent less is not.
import type { ClubCard, Plan, PlanItem } from '../plan-api.js';
import {
  PLAN_MAX_CANDIDATE_STORES,
  PLAN_MAX_ITEMS,
  PLAN_MAX_MIN_SAVING,
  PLAN_MAX_TOUR_STORES,
  planMessages,
} from '../plan-api.js';
import { haversineKm, type LatLng, shortestTour } from './geo.js';
import { lineCost, lineTotalOf, type PlanOffer } from './line-cost.js';
import { PlanRequestError } from './plan-error.js';

/** A product the plan may buy, with its current prices. */
export interface PlanCandidate {
  productId: number;
  saleType: number;
  offers: readonly PlanOffer[];
}

/** A shopping-list item; `alternatives` (for 'Any brand' items, vetoes already left out) may be
 * bought instead, for the same quantity. */
export interface PlanLine extends PlanCandidate {
  quantity: number;
  alternatives?: readonly PlanCandidate[];
}

export interface PlanStoreInput {
  id: number;
  latitude: number | null;
  longitude: number | null;
}

export interface SolvePlanInput {
  lines: readonly PlanLine[];
  stores: readonly PlanStoreInput[];
  maxStores?: number;
  origin?: LatLng;
  travelCentsPerKm?: number;
  clubCards?: readonly ClubCard[];
  /** Cents an extra store must save to be added (issue 49); absent or 0: any saving. */
  minSaving?: number;
}

interface Pick {
  candidate: PlanCandidate;
  offer: PlanOffer;
  lineTotal: number;
}

interface StoreSet {
  value: number;
  /** Candidate indexes, sorted by store id. */
  stores: number[];
}

const round2 = (km: number) => Math.round(km * 100) / 100;

/** The cheapest option for a line at each store: the listed product first on a tie, then lower
 * ids. Only totals here (this runs for every offer); describe() builds the winners' lines. */
function choicesFor(line: PlanLine, storeIndex: Map<number, number>, clubCards: readonly ClubCard[]) {
  const choices: (Pick | undefined)[] = new Array(storeIndex.size);
  const candidates = [line, ...[...(line.alternatives ?? [])].sort((a, b) => a.productId - b.productId)];
  for (const candidate of candidates) {
    if (candidate !== line && candidate.productId === line.productId) continue;
    for (const offer of candidate.offers) {
      const at = storeIndex.get(offer.storeId);
      if (at === undefined) continue;
      const total = lineTotalOf(offer, line.quantity, candidate.saleType, clubCards);
      const current = choices[at];
      if (current && current.lineTotal <= total) continue;
      choices[at] = { candidate, offer, lineTotal: total };
    }
  }
  return choices;
}

function compareSets(a: StoreSet, ids: readonly number[], value: number, stores: readonly number[]): number {
  if (value !== a.value) return value - a.value;
  if (stores.length !== a.stores.length) return stores.length - a.stores.length;
  for (let i = 0; i < stores.length; i++) {
    const d = (ids[stores[i] as number] as number) - (ids[a.stores[i] as number] as number);
    if (d !== 0) return d;
  }
  return 0;
}

export function solvePlan(input: SolvePlanInput): Plan {
  const clubCards = input.clubCards ?? [];
  const lines = input.lines.filter((line) => line.quantity > 0);
  if (lines.length > PLAN_MAX_ITEMS) throw new PlanRequestError(undefined, planMessages.tooManyItems);
  const origin = input.origin;
  const countsTravel = origin !== undefined && input.travelCentsPerKm !== undefined;
  const centsPerKm = input.travelCentsPerKm ?? 0;
  const minSaving = input.minSaving ?? 0;
  if (!Number.isInteger(minSaving) || minSaving < 0 || minSaving > PLAN_MAX_MIN_SAVING)
    throw new PlanRequestError('minSaving', planMessages.minSaving);
  const extraStoreCents = Math.max(0, minSaving - 1);

  const seen = new Set<number>();
  const given = input.stores.filter((store) => !seen.has(store.id) && seen.add(store.id));
  if (given.length > PLAN_MAX_CANDIDATE_STORES) throw new PlanRequestError('storeIds', planMessages.storeIds);
  // Counting travel needs a location: a store without one cannot be on the trip.
  const located = countsTravel ? given.filter((s) => s.latitude !== null && s.longitude !== null) : given;

  // Line choices at every located store; then keep only stores that price something.
  const allIndex = new Map(located.map((store, i) => [store.id, i]));
  const allChoices = lines.map((line) => choicesFor(line, allIndex, clubCards));
  const useful = located
    .map((store, i) => ({ store, i }))
    .filter(({ i }) => allChoices.some((choices) => choices[i] !== undefined));

  const n = useful.length;
  const items = lines.length;
  const maxStores = Math.min(input.maxStores ?? n, n);
  if (countsTravel && maxStores > PLAN_MAX_TOUR_STORES) {
    throw new PlanRequestError('maxStores', planMessages.tourStores);
  }
  const storeIds = useful.map(({ store }) => store.id);
  const choice = (item: number, store: number) => allChoices[item]?.[(useful[store] as { i: number }).i];

  // cost[store * items + item]: the line's cost there, Infinity where not priced.
  const cost = new Float64Array(items * n).fill(Number.POSITIVE_INFINITY);
  let costCeiling = 0;
  for (let item = 0; item < items; item++) {
    let worst = 0;
    for (let s = 0; s < n; s++) {
      const found = choice(item, s);
      if (found) {
        cost[s * items + item] = found.lineTotal;
        worst = Math.max(worst, found.lineTotal);
      }
    }
    costCeiling += worst;
  }

  // Travel: distances between the useful stores and from the origin.
  const point = (s: number) => useful[s]?.store as LatLng;
  const fromOrigin = origin && countsTravel ? storeIds.map((_, s) => haversineKm(origin, point(s))) : [];
  const between = countsTravel
    ? storeIds.map((_, a) => storeIds.map((__, b) => haversineKm(point(a), point(b))))
    : [];
  const tourOf = (stores: readonly number[]) =>
    shortestTour(
      stores.map((s) => fromOrigin[s] as number),
      stores.map((a) => stores.map((b) => (between[a] as number[])[b] as number)),
    );
  const travelCents = (stores: readonly number[]) =>
    countsTravel && stores.length > 0 ? Math.round(tourOf(stores).km * centsPerKm) : 0;
  /** What the search weighs a set's stores at: travel, and minSaving - 1 a store past the first. */
  const tripCents = (stores: readonly number[]) =>
    travelCents(stores) + Math.max(0, stores.length - 1) * extraStoreCents;
  // Visiting every store out and back is a round trip no shorter than any real one.
  const travelCeiling =
    Math.round(fromOrigin.reduce((sum, km) => sum + 2 * km, 0) * centsPerKm) + n * extraStoreCents + 1;
  const PENALTY = costCeiling + travelCeiling + 1;

  // Search order: the best stores alone first, so good sets are found early and prune the rest.
  const aloneValue = (s: number) => {
    let value = travelCents([s]);
    for (let item = 0; item < items; item++) value += Math.min(PENALTY, cost[s * items + item] as number);
    return value;
  };
  const alone = storeIds.map((_, s) => aloneValue(s));
  const order = storeIds
    .map((_, s) => s)
    .sort((a, b) => (alone[a] as number) - (alone[b] as number) || a - b);

  // suffixMin[k * items + item]: the item's cheapest cost over order[k..].
  const suffixMin = new Float64Array((n + 1) * items).fill(PENALTY);
  for (let k = n - 1; k >= 0; k--) {
    const s = order[k] as number;
    for (let item = 0; item < items; item++) {
      suffixMin[k * items + item] = Math.min(
        suffixMin[(k + 1) * items + item] as number,
        cost[s * items + item] as number,
      );
    }
  }

  let best: StoreSet = { value: items * PENALTY, stores: [] };
  const current: number[] = [];
  const levels = Array.from({ length: maxStores + 1 }, () => new Float64Array(items));
  (levels[0] as Float64Array).fill(PENALTY);
  const gains = Array.from({ length: maxStores + 1 }, () => new Float64Array(n));
  const topAfter = new Float64Array(n);
  /** Could a set of `size` stores valued at least `bound` still win? Equal values need no more stores. */
  const promising = (bound: number, size: number) =>
    bound < best.value || (bound === best.value && size <= best.stores.length);

  // Extends the current set (valued `sum` before travel, `travel` its round trip) by stores
  // order[start..], each subtree skipped when its bound cannot win.
  const explore = (start: number, depth: number, sum: number, travel: number) => {
    const room = maxStores - current.length;
    if (room <= 0 || start >= n) return;
    const cur = levels[depth] as Float64Array;
    const size = current.length + 1;
    // Bound 1: each item at the best of what it has and every store still to come.
    let bound = travel;
    const tail = start * items;
    for (let item = 0; item < items; item++)
      bound += Math.min(cur[item] as number, suffixMin[tail + item] as number);
    if (!promising(bound, size)) return;

    // What each store still to come saves alone, then bound 2 per child: the child's own saving
    // plus the room - 1 biggest savings after it.
    const gain = gains[depth] as Float64Array;
    for (let j = start; j < n; j++) {
      const t = (order[j] as number) * items;
      let saved = 0;
      for (let item = 0; item < items; item++) {
        const d = (cur[item] as number) - (cost[t + item] as number);
        if (d > 0) saved += d;
      }
      gain[j] = saved;
    }
    const top: number[] = [];
    for (let j = n - 1; j >= start; j--) {
      topAfter[j] = top.reduce((a, b) => a + b, 0);
      if (room > 1) {
        top.push(gain[j] as number);
        top.sort((a, b) => b - a);
        if (top.length > room - 1) top.pop();
      }
    }
    const tops = Float64Array.from(topAfter.subarray(start, n));

    for (let j = start; j < n; j++) {
      const saved = gain[j] as number;
      if (!promising(sum - saved - (tops[j - start] as number) + travel, size)) continue;
      const s = order[j] as number;
      current.push(s);
      const sorted = [...current].sort((a, b) => (storeIds[a] as number) - (storeIds[b] as number));
      const withTravel = tripCents(sorted);
      const value = sum - saved + withTravel;
      if (compareSets(best, storeIds, value, sorted) < 0) best = { value, stores: sorted };
      if (room > 1 && j + 1 < n) {
        const after = levels[depth + 1] as Float64Array;
        const t = s * items;
        for (let item = 0; item < items; item++)
          after[item] = Math.min(cur[item] as number, cost[t + item] as number);
        explore(j + 1, depth + 1, sum - saved, withTravel);
      }
      current.pop();
    }
  };
  if (maxStores > 0) explore(0, 0, items * PENALTY, 0);

  // The best single store on the same basis: most items, then least money, then lowest id.
  let single: StoreSet | null = null;
  for (let s = 0; s < n; s++) {
    const candidate = alone[s] as number;
    if (!single || compareSets(single, storeIds, candidate, [s]) < 0)
      single = { value: candidate, stores: [s] };
  }

  return describe(best, single);

  function describe(chosen: StoreSet, one: StoreSet | null): Plan {
    const groups = new Map<number, { items: PlanItem[]; subtotal: number }>();
    for (const s of chosen.stores) groups.set(s, { items: [], subtotal: 0 });
    const unpriced: number[] = [];
    lines.forEach((line, item) => {
      let at = -1;
      /** The line's cost at the next cheapest store of the trip (what buying it at `at` saves). */
      let runnerUp = Number.POSITIVE_INFINITY;
      for (const s of chosen.stores) {
        const c = cost[s * items + item] as number;
        if (c === Number.POSITIVE_INFINITY) continue;
        if (at < 0 || c < (cost[at * items + item] as number)) {
          if (at >= 0) runnerUp = cost[at * items + item] as number;
          at = s;
        } else runnerUp = Math.min(runnerUp, c);
      }
      if (at < 0) {
        unpriced.push(line.productId);
        return;
      }
      const { candidate, offer } = choice(item, at) as Pick;
      const picked = lineCost(offer, line.quantity, candidate.saleType, clubCards);
      const group = groups.get(at) as { items: PlanItem[]; subtotal: number };
      group.items.push({
        productId: candidate.productId,
        quantity: line.quantity,
        unitPrice: picked.unitPrice,
        lineTotal: picked.lineTotal,
        ...(candidate === line ? {} : { substituteFor: line.productId }),
        ...(runnerUp === Number.POSITIVE_INFINITY ? {} : { cheaperBy: runnerUp - picked.lineTotal }),
        ...(picked.multibuy ? { multibuy: picked.multibuy } : {}),
      });
      group.subtotal += picked.lineTotal;
    });

    let visiting = chosen.stores;
    let travel: { travelCents: number; travelKm: number } | undefined;
    if (countsTravel && chosen.stores.length === 0) {
      travel = { travelCents: 0, travelKm: 0 };
    } else if (countsTravel) {
      const tour = tourOf(chosen.stores);
      visiting = tour.order.map((i) => chosen.stores[i] as number);
      travel = { travelCents: Math.round(tour.km * centsPerKm), travelKm: round2(tour.km) };
    } else {
      visiting = [...chosen.stores].sort(
        (a, b) =>
          (groups.get(b)?.subtotal ?? 0) - (groups.get(a)?.subtotal ?? 0) ||
          (storeIds[a] as number) - (storeIds[b] as number),
      );
    }
    const stores = visiting.map((s) => {
      const group = groups.get(s) as { items: PlanItem[]; subtotal: number };
      const store = useful[s]?.store as PlanStoreInput;
      const distanceKm =
        origin && store.latitude !== null && store.longitude !== null
          ? round2(haversineKm(origin, { latitude: store.latitude, longitude: store.longitude }))
          : undefined;
      return { storeId: store.id, ...group, ...(distanceKm === undefined ? {} : { distanceKm }) };
    });
    const total = stores.reduce((sum, store) => sum + store.subtotal, 0) + (travel?.travelCents ?? 0);

    let cheapestSingleStore: Plan['cheapestSingleStore'] = null;
    if (one) {
      const s = one.stores[0] as number;
      const missing = lines.filter((_, item) => cost[s * items + item] === Number.POSITIVE_INFINITY);
      cheapestSingleStore = {
        storeId: storeIds[s] as number,
        total: one.value - missing.length * PENALTY,
        unpriced: missing.map((line) => line.productId),
      };
    }
    return {
      stores,
      total,
      ...(travel ?? {}),
      unpriced,
      cheapestSingleStore,
      saving: cheapestSingleStore ? cheapestSingleStore.total - total : 0,
    };
  }
}

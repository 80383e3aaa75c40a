// A plan's work (issue 13, bounded by issue 32): reading the 'Any brand' alternatives and every
// candidate's offers at the stores, then solving. Plain data in, a Plan out, so that it can run in
// the plan worker's thread with its own database connection (plan-worker.ts, issue 44 item 6) or
// inline (the tests). Everything clever is in packages/shared/src/plan/solve-plan.ts.
import {
  type EquivalentGroup,
  equivalentsIndex,
  fromQuantityUnits,
  type Plan,
  type PlanLine,
  type PlanRequest,
  type PlanStoreInput,
  solvePlan,
} from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CartRow } from './cart-answer.js';
import { boundedAlternatives, candidatesFor, groupCandidate, offerKey } from './plan-candidates.js';

export interface PlanWork {
  rows: CartRow[];
  stores: PlanStoreInput[];
  request: PlanRequest;
  groups: readonly EquivalentGroup[];
  /** Offers last confirmed before this (epoch ms) are stale (decision 0020). */
  staleBefore: number;
}

/** The plan of this list at these stores. Throws PlanRequestError for a request it refuses. */
export async function workOutPlan(
  db: Kysely<DB>,
  { rows, stores, request, groups, staleBefore }: PlanWork,
): Promise<Plan> {
  const storeIds = stores.map((s) => s.id);
  const alternatives = await boundedAlternatives(db, rows);
  const sameAs = equivalentsIndex(groups);
  const allIds = [
    ...new Set([
      ...rows.flatMap((r) => [r.product_id, ...(sameAs.get(r.product_id) ?? [])]),
      ...[...alternatives.values()].flat(),
    ]),
  ];
  const {
    byId: candidates,
    staleOffers,
    seenAt,
    units,
  } = await candidatesFor(db, allIds, storeIds, staleBefore);
  /** For a listed product in a group: the member bought at each store. */
  const groupChoices = new Map<number, Map<number, number>>();
  const lines: PlanLine[] = rows.flatMap((row) => {
    let listed = candidates.get(row.product_id);
    if (!listed) return [];
    const members = (sameAs.get(row.product_id) ?? []).flatMap((id) => candidates.get(id) ?? []);
    if (members.length > 0) {
      const group = groupCandidate(listed, members, units);
      listed = group.candidate;
      groupChoices.set(row.product_id, group.chosen);
    }
    const others = (alternatives.get(row.product_id) ?? []).flatMap((id) => candidates.get(id) ?? []);
    return [{ ...listed, quantity: fromQuantityUnits(row.quantity_units), alternatives: others }];
  });
  const plan = solvePlan({
    lines,
    stores,
    ...(request.maxStores === undefined ? {} : { maxStores: request.maxStores }),
    ...(request.origin ? { origin: request.origin } : {}),
    ...(request.travelCentsPerKm === undefined ? {} : { travelCentsPerKm: request.travelCentsPerKm }),
    clubCards: request.clubCards ?? [],
    ...(request.minSaving === undefined ? {} : { minSaving: request.minSaving }),
  });
  // A group's line buys its cheapest member at the chosen store and names it (issue 33).
  for (const store of plan.stores)
    for (const item of store.items) {
      const member =
        item.substituteFor === undefined ? groupChoices.get(item.productId)?.get(store.storeId) : undefined;
      if (member === undefined || member === item.productId) continue;
      item.substituteFor = item.productId;
      item.productId = member;
      item.sameProduct = true;
    }
  // Each line says when its price was last listed (issue 45), and whether that is stale (issue 33).
  for (const store of plan.stores)
    for (const item of store.items) {
      const key = offerKey(item.productId, store.storeId);
      const seen = seenAt.get(key);
      if (seen !== undefined) item.seenAt = seen;
      if (staleOffers.has(key)) item.stale = true;
    }
  return plan;
}

// POST /api/{shortCode}/cart/plan (issue 13): reads the shopping list, the candidate stores and
// the current prices (with the multibuys the Product shape leaves out), and hands them to the
// shared solver. Everything clever is in packages/shared/src/plan/solve-plan.ts.
// A plan's work is bounded (issue 32): the stores and items by the workspace's own caps, the
// 'Any brand' alternatives per item and in total (found through the kind index, not a name scan),
// one plan at a time per workspace, a per-user limit a minute, and the same plan answered from
// memory while nothing it is made of changed.
import {
  cheapestMember,
  DAY_MS,
  type EquivalentGroup,
  equivalentsIndex,
  fromQuantityUnits,
  normaliseUnitPrice,
  PLAN_ALTERNATIVES_PER_ITEM,
  PLAN_MAX_ALTERNATIVES,
  PLAN_MAX_CANDIDATE_STORES,
  PLAN_MAX_ITEMS,
  PLANS_PER_USER_PER_MINUTE,
  type Plan,
  type PlanCandidate,
  type PlanLine,
  type PlanOffer,
  type PlanRequest,
  PlanRequestError,
  type PlanStoreInput,
  planMessages,
  solvePlan,
  type UnitPrice,
  ZPlan,
} from '@kete/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { catalogueCache } from '../../lib/catalogue-cache.js';
import { chunks } from '../../lib/chunks.js';
import { MINUTE } from '../../lib/clock.js';
import { badRequest, fieldError, HttpError } from '../../lib/http-error.js';
import { serializerFor } from '../../plugins/response-serializer.js';
import { equivalentGroups } from '../household/equivalents.service.js';
import { rateLimits } from '../limits/rate-limits.js';
import { workspaceTurns } from '../limits/workspace-turns.js';
import { alternativesByKind, findKindProducts } from '../products/alternatives.service.js';
import { pricedPairsGeneration } from '../products/price-cache.js';
import { flaggedPairs } from '../reports/price-flags.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';
import { type CartRow, listKeyOf } from './cart-answer.js';
import { readExcluded } from './cart-any-brand.js';
import { cartRowColumns } from './cart-statements.js';

async function candidateStores(db: Kysely<DB>, requested: number[]): Promise<PlanStoreInput[]> {
  const ids = [...new Set(requested)];
  if (ids.length > PLAN_MAX_CANDIDATE_STORES) throw fieldError('storeIds', planMessages.storeIds);
  if (ids.length === 0) return [];
  const stores = await db
    .selectFrom('stores')
    .select(['id', 'latitude', 'longitude'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  if (stores.length !== ids.length) throw fieldError('storeIds', planMessages.unknownStore);
  return stores;
}

/** Plans kept: a 500-item plan is ~60 KB of JSON; a household's is a few KB. */
const MAX_PLANS_KEPT = 2_000;
const MAX_PLAN_BYTES = 16 * 1024 * 1024;
/** Prices change only with an ingest (which clears it); this only bounds an entry's life. */
const PLAN_KEPT_MS = 10 * 60_000;

export const planLimitMessages = {
  tooMany: 'You are asking for plans very quickly. Please wait a minute and try again.',
  busy: 'Kete is still working out a plan for this shopping list. Please try again in a moment.',
};

const writePlan: (plan: Plan) => string = serializerFor(ZPlan);

/** Current prices with their multibuys, and the way each product is sold. */
async function candidatesFor(db: Kysely<DB>, productIds: number[], storeIds: number[], staleBefore: number) {
  const byId = new Map<number, PlanCandidate & { offers: PlanOffer[] }>();
  /** Offers last confirmed before the stale limit (issue 33), by offerKey. */
  const staleOffers = new Set<string>();
  /** Each offer's unit price, by offerKey (a household's same products compare by it, issue 33). */
  const units = new Map<string, UnitPrice | null>();
  for (const ids of chunks(productIds)) {
    // Prices shoppers reported wrong, or an operator hid, are no offer (issue 33 item 5).
    const flagged = await flaggedPairs(db, ids, storeIds);
    const products = await db
      .selectFrom('products')
      .select(['id', 'sale_type'])
      .where('id', 'in', ids)
      .execute();
    for (const p of products) byId.set(p.id, { productId: p.id, saleType: p.sale_type, offers: [] });
    if (storeIds.length === 0) continue;
    const prices = await db
      .selectFrom('prices')
      .select([
        'product_id',
        'store_id',
        'price',
        'base_price',
        'promotion_type',
        'multibuy_quantity',
        'multibuy_price',
        'observed_at',
        'comparative_price',
        'comparative_measure',
      ])
      .where('product_id', 'in', ids)
      .where('store_id', 'in', storeIds)
      .execute();
    for (const row of prices) {
      if (flagged.has(offerKey(row.product_id, row.store_id))) continue;
      if (Number(row.observed_at) < staleBefore) staleOffers.add(offerKey(row.product_id, row.store_id));
      units.set(
        offerKey(row.product_id, row.store_id),
        normaliseUnitPrice(row.comparative_price, row.comparative_measure),
      );
      byId.get(row.product_id)?.offers.push({
        storeId: row.store_id,
        price: row.price,
        basePrice: row.base_price,
        promotionType: row.promotion_type,
        multibuyQuantity: row.multibuy_quantity,
        multibuyPrice: row.multibuy_price,
      });
    }
  }
  // The freshness rule (decision 0020), as the cheapest split's: a stale price counts only for a
  // product no candidate store has a fresh price for.
  for (const candidate of byId.values()) {
    const fresh = candidate.offers.filter((o) => !staleOffers.has(offerKey(candidate.productId, o.storeId)));
    if (fresh.length > 0) candidate.offers = fresh;
  }
  return { byId, staleOffers, units };
}

/**
 * A household's group of the same product as one candidate (issue 33 item 6, decision 0022): at
 * each store, the offer of the group's cheapest member there by unit price (equivalents.ts). The
 * solver then chooses stores by money as ever; `chosen` says which member each store's offer is.
 */
function groupCandidate(
  listed: PlanCandidate & { offers: PlanOffer[] },
  members: readonly (PlanCandidate & { offers: PlanOffer[] })[],
  units: Map<string, UnitPrice | null>,
) {
  const byStore = new Map<
    number,
    {
      productId: number;
      offer: PlanOffer;
      price: number;
      unitPrice: number | null;
      unitMeasure: string | null;
    }[]
  >();
  for (const member of [listed, ...members])
    for (const offer of member.offers) {
      const unit = units.get(offerKey(member.productId, offer.storeId));
      const entry = {
        productId: member.productId,
        offer,
        price: offer.price,
        unitPrice: unit?.unitPrice ?? null,
        unitMeasure: unit?.unitMeasure ?? null,
      };
      byStore.set(offer.storeId, [...(byStore.get(offer.storeId) ?? []), entry]);
    }
  const chosen = new Map<number, number>();
  const offers: PlanOffer[] = [];
  for (const [storeId, entries] of byStore) {
    const best = cheapestMember(entries, listed.productId);
    if (!best) continue;
    offers.push(best.offer);
    chosen.set(storeId, best.productId);
  }
  return { candidate: { ...listed, offers }, chosen };
}

const offerKey = (productId: number, storeId: number) => `${productId}:${storeId}`;

export interface PlanAsk {
  workspaceId: number;
  /** The workspace's stores as read with its membership (the plan's candidates by default). */
  workspaceStoreIds: number[];
  userId: number;
}

/** The alternatives each 'Any brand' row may be bought as, within the plan's bounds (plan-api.ts). */
async function boundedAlternatives(db: Kysely<DB>, rows: CartRow[]): Promise<Map<number, number[]>> {
  const anyBrand = rows.filter((row) => row.any_brand === 1);
  if (anyBrand.length === 0) return new Map();
  const share = Math.min(
    PLAN_ALTERNATIVES_PER_ITEM,
    Math.max(1, Math.floor(PLAN_MAX_ALTERNATIVES / anyBrand.length)),
  );
  const products = await findKindProducts(
    db,
    anyBrand.map((row) => row.product_id),
  );
  const byProduct = await alternativesByKind(db, products);
  return new Map(
    anyBrand.map((row) => {
      const vetoed = new Set(readExcluded(row.excluded_alternatives));
      const allowed = (byProduct.get(row.product_id) ?? []).filter((c) => !vetoed.has(c.id));
      return [row.product_id, allowed.slice(0, share).map((c) => c.id)];
    }),
  );
}

export function planService(ctx: AppContext) {
  const { db } = ctx;
  const limits = rateLimits(db);
  const turns = workspaceTurns(db, 'plan-turn', planLimitMessages.busy, () => ctx.clock.now());
  const kept = catalogueCache<Buffer>(db, 'plans', PLAN_KEPT_MS, {
    maxEntries: MAX_PLANS_KEPT,
    maxBytes: MAX_PLAN_BYTES,
    sizeOf: (answer) => answer.length,
  });
  /** Plans being worked out in this process, by key: a second ask for one waits for it. */
  const working = new Map<string, Promise<Buffer>>();

  async function shoppingList(workspaceId: number): Promise<CartRow[]> {
    const rows = await db
      .selectFrom('cart_items')
      .select(cartRowColumns)
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at')
      .orderBy('product_id')
      .execute();
    if (rows.length > PLAN_MAX_ITEMS) throw badRequest(planMessages.tooManyItems);
    return rows;
  }

  /** The plan of this list at these stores: the work, bounded by the plan's caps. */
  async function work(
    rows: CartRow[],
    stores: PlanStoreInput[],
    request: PlanRequest,
    groups: readonly EquivalentGroup[],
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
    const staleBefore = ctx.clock.now() - ctx.config.staleDays * DAY_MS;
    const { byId: candidates, staleOffers, units } = await candidatesFor(db, allIds, storeIds, staleBefore);
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
    try {
      const plan = solvePlan({
        lines,
        stores,
        ...(request.maxStores === undefined ? {} : { maxStores: request.maxStores }),
        ...(request.origin ? { origin: request.origin } : {}),
        ...(request.travelCentsPerKm === undefined ? {} : { travelCentsPerKm: request.travelCentsPerKm }),
        clubCards: request.clubCards ?? [],
      });
      // A group's line buys its cheapest member at the chosen store and names it (issue 33).
      for (const store of plan.stores)
        for (const item of store.items) {
          const member =
            item.substituteFor === undefined
              ? groupChoices.get(item.productId)?.get(store.storeId)
              : undefined;
          if (member === undefined || member === item.productId) continue;
          item.substituteFor = item.productId;
          item.productId = member;
          item.sameProduct = true;
        }
      // The answer says which lines rest on stale prices (issue 33).
      if (staleOffers.size > 0)
        for (const store of plan.stores)
          for (const item of store.items)
            if (staleOffers.has(offerKey(item.productId, store.storeId))) item.stale = true;
      return plan;
    } catch (error) {
      if (!(error instanceof PlanRequestError)) throw error;
      throw error.field ? fieldError(error.field, error.message) : badRequest(error.message);
    }
  }

  function checkRequest(request: PlanRequest) {
    if (request.travelCentsPerKm !== undefined && !request.origin) {
      throw fieldError('origin', planMessages.travelNeedsOrigin);
    }
  }

  return {
    /** The plan, worked out now (no turn, limit or memory: the bench's and the tests' measure). */
    async plan(workspaceId: number, request: PlanRequest): Promise<Plan> {
      checkRequest(request);
      const stores = await candidateStores(
        db,
        request.storeIds ?? (await workspaceStoreIds(db, workspaceId)),
      );
      return work(await shoppingList(workspaceId), stores, request, await equivalentGroups(db, workspaceId));
    },

    /**
     * The route's answer as JSON bytes. A plan asked for again for the same list, stores, request
     * and catalogue is answered from memory: the key is read afresh from the database on every ask
     * (the list's rows, the stores), so a change made by any process is seen at once, and the
     * catalogue cache forgets every plan when any process changes the catalogue. Otherwise it is
     * worked out in the workspace's turn (one at a time, across processes), counted against the
     * user's plans a minute.
     */
    async answer(ask: PlanAsk, request: PlanRequest): Promise<Buffer> {
      checkRequest(request);
      const stores = await candidateStores(db, request.storeIds ?? ask.workspaceStoreIds);
      const rows = await shoppingList(ask.workspaceId);
      const groups = await equivalentGroups(db, ask.workspaceId);
      const key = [
        Math.floor(Date.now() / DAY_MS),
        pricedPairsGeneration(),
        stores.map((s) => `${s.id}@${s.latitude},${s.longitude}`).join(';'),
        JSON.stringify(request),
        listKeyOf(rows),
        groups.map((g) => g.productIds.join('.')).join(';'),
      ].join('|');
      const answered = kept.peek(key) ?? (await working.get(key));
      if (answered) return answered;
      const now = ctx.clock.now();
      if ((await limits.hit(`plans:${ask.userId}`, MINUTE, now)) > PLANS_PER_USER_PER_MINUTE)
        throw new RetryLater(planLimitMessages.tooMany, limits.retryAfterSeconds(MINUTE, now));
      const computing = turns.run(ask.workspaceId, async () => {
        // Worked out meanwhile, in this process's turn before this one.
        const found = kept.peek(key);
        if (found) return found;
        const answer = Buffer.from(writePlan(await work(rows, stores, request, groups)), 'utf8');
        return kept.get(key, async () => answer);
      });
      working.set(key, computing);
      try {
        return await computing;
      } finally {
        if (working.get(key) === computing) working.delete(key);
      }
    },
  };
}

/** A refusal that says when to ask again (Retry-After). */
export class RetryLater extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

// POST /api/{shortCode}/cart/plan (issue 13): reads the shopping list and the candidate stores,
// and has the plan worked out (plan-work.ts: the current prices with their multibuys, then the
// shared solver) in the plan worker's thread (plan-worker.ts, issue 44 item 6).
// A plan's work is bounded (issue 32): the stores and items by the workspace's own caps, the
// 'Any brand' alternatives per item and in total (found through the kind index, not a name scan),
// one plan at a time per workspace, a per-user limit a minute, and the same plan answered from
// memory while nothing it is made of changed.
import {
  DAY_MS,
  type EquivalentGroup,
  PLAN_MAX_ITEMS,
  PLANS_PER_USER_PER_MINUTE,
  type Plan,
  type PlanRequest,
  PlanRequestError,
  type PlanStoreInput,
  planMessages,
  ZPlan,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { catalogueCache } from '../../lib/catalogue-cache.js';
import { MINUTE } from '../../lib/clock.js';
import { badRequest, fieldError, RetryLater } from '../../lib/http-error.js';
import { serializerFor } from '../../plugins/response-serializer.js';
import { equivalentGroups } from '../household/equivalents.service.js';
import { rateLimits } from '../limits/rate-limits.js';
import { workspaceTurns } from '../limits/workspace-turns.js';
import { pricedPairsGeneration } from '../products/price-cache.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';
import { type CartRow, listKeyOf } from './cart-answer.js';
import { cartRowColumns } from './cart-statements.js';
import { candidateStores } from './plan-candidates.js';
import { PlannerBusy, planOffMainThread } from './plan-worker.js';

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

export interface PlanAsk {
  workspaceId: number;
  /** The workspace's stores as read with its membership (the plan's candidates by default). */
  workspaceStoreIds: number[];
  userId: number;
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

  /** The plan of this list at these stores: the work, bounded by the plan's caps, off the main
   * thread where it can be (plan-worker.ts). */
  async function work(
    rows: CartRow[],
    stores: PlanStoreInput[],
    request: PlanRequest,
    groups: readonly EquivalentGroup[],
  ): Promise<Plan> {
    try {
      return await planOffMainThread(ctx, {
        rows,
        stores,
        request,
        groups,
        staleBefore: ctx.clock.now() - ctx.config.staleDays * DAY_MS,
      });
    } catch (error) {
      if (error instanceof PlannerBusy) throw new RetryLater(planLimitMessages.busy, 1);
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

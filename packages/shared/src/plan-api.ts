// Issue 13, "the cheapest trip": the plan route's request and answer, the alternatives route and
// the shopping-list item's "any brand" settings. The solver itself is in plan/solve-plan.ts.
// Money is integer cents. See docs/decisions/0009-cheapest-trip.md.
import { z } from 'zod';
import { ZProduct } from './api.js';
import { workspaceLimits } from './limits.js';
import { ZProductId } from './shopping-api.js';

/** A plan visits at most this many stores (the request's maxStores). */
export const PLAN_MAX_STORES = 5;
/**
 * More candidate stores than this is an unreasonable request (400 on storeIds): the workspace's
 * own cap on its stores, so a plan costs no more than one of its own stores' lists.
 */
export const PLAN_MAX_CANDIDATE_STORES = workspaceLimits.stores;
/** Counting travel means a round trip through the chosen stores: at most this many (400 on maxStores). */
export const PLAN_MAX_TOUR_STORES = 8;
/** More shopping-list items than this is an unreasonable request (400, no field): the list's own cap. */
export const PLAN_MAX_ITEMS = workspaceLimits.cartItems;
/** The largest minSaving a plan accepts, in cents ($1,000: more would never add a store). */
export const PLAN_MAX_MIN_SAVING = 100_000;
/** The household's threshold until it chooses its own: $2.00 an extra store (issue 49). */
export const DEFAULT_MIN_SAVING = 200;
/** At most this many alternatives are answered, and vetoed per item. */
export const ALTERNATIVES_LIMIT = 20;
export const EXCLUDED_ALTERNATIVES_MAX = 50;
/**
 * The alternatives a plan weighs for one 'Any brand' item, and for all of them together: each
 * item's share is the smaller of PLAN_ALTERNATIVES_PER_ITEM and PLAN_MAX_ALTERNATIVES over the
 * number of such items (2 each for a list of 500). A household's list never meets them.
 */
export const PLAN_ALTERNATIVES_PER_ITEM = 10;
export const PLAN_MAX_ALTERNATIVES = 1000;

export const planMessages = {
  maxStores: `Choose from 1 to ${PLAN_MAX_STORES} stores.`,
  storeIds: `Compare at most ${PLAN_MAX_CANDIDATE_STORES} stores in one plan.`,
  unknownStore: 'That store does not exist.',
  tourStores: `To count travel, plan a trip to at most ${PLAN_MAX_TOUR_STORES} stores.`,
  travelNeedsOrigin: 'Give a starting point to count travel.',
  latitude: 'Give the latitude as a number from -90 to 90.',
  longitude: 'Give the longitude as a number from -180 to 180.',
  travelCentsPerKm: 'Give the travel cost as cents per km, from 0 to 1000.',
  clubCards: "Club cards are 'newworld' or 'woolworths'.",
  tooManyItems: `Plan at most ${PLAN_MAX_ITEMS} items at once.`,
  minSaving: `Give the smallest saving worth another store in cents, from 0 to ${PLAN_MAX_MIN_SAVING}.`,
} as const;

export const ZClubCard = z.enum(['newworld', 'woolworths'], { error: planMessages.clubCards });
export type ClubCard = z.infer<typeof ZClubCard>;

export const ZPlanRequest = z.object({
  /** Absent: any number of stores. */
  maxStores: z
    .number({ error: planMessages.maxStores })
    .int({ error: planMessages.maxStores })
    .min(1, { error: planMessages.maxStores })
    .max(PLAN_MAX_STORES, { error: planMessages.maxStores })
    .optional(),
  /** Absent: the workspace's stores. Unknown ids are a 400 on storeIds. */
  storeIds: z
    .array(
      z
        .number({ error: planMessages.unknownStore })
        .int({ error: planMessages.unknownStore })
        // Past the database's integer range no store can match (PostgreSQL would refuse the query).
        .min(1, { error: planMessages.unknownStore })
        .max(2_147_483_647, { error: planMessages.unknownStore }),
      { error: planMessages.storeIds },
    )
    .max(PLAN_MAX_CANDIDATE_STORES, { error: planMessages.storeIds })
    .optional(),
  /** Where the trip starts and ends. With it, each store answers its distanceKm. */
  origin: z
    .object({
      latitude: z
        .number({ error: planMessages.latitude })
        .min(-90, { error: planMessages.latitude })
        .max(90, { error: planMessages.latitude }),
      longitude: z
        .number({ error: planMessages.longitude })
        .min(-180, { error: planMessages.longitude })
        .max(180, { error: planMessages.longitude }),
    })
    .optional(),
  /** With origin: travel counts into the plan at this many cents per km of straight-line round trip. */
  travelCentsPerKm: z
    .number({ error: planMessages.travelCentsPerKm })
    .min(0, { error: planMessages.travelCentsPerKm })
    .max(1000, { error: planMessages.travelCentsPerKm })
    .optional(),
  /** Club prices count only at chains whose card the household holds; elsewhere the base price. */
  clubCards: z.array(ZClubCard).max(2).optional(),
  /**
   * Issue 49: a store past the first is added only when it saves at least this many cents (each
   * extra store its own share). Absent: any saving adds a store, as before.
   */
  minSaving: z
    .number({ error: planMessages.minSaving })
    .int({ error: planMessages.minSaving })
    .min(0, { error: planMessages.minSaving })
    .max(PLAN_MAX_MIN_SAVING, { error: planMessages.minSaving })
    .optional(),
});
export type PlanRequest = z.infer<typeof ZPlanRequest>;

/** The multibuy a line used: `quantity` for `price` cents ("2 for $6.00"). */
export const ZMultibuy = z.object({ quantity: z.number().int(), price: z.number().int() });
export type Multibuy = z.infer<typeof ZMultibuy>;

export const ZPlanItem = z.object({
  /** What to buy: the listed product, or an alternative to it when substituteFor is set. */
  productId: z.number().int(),
  quantity: z.number(),
  /** The price of one (or one kg) at this store for this household (club price only with the card). */
  unitPrice: z.number().int(),
  /** What the line costs, multibuys counted: whole multibuy groups at the deal, the rest at unitPrice. */
  lineTotal: z.number().int(),
  /** Set when an 'Any brand' item is bought as this alternative: the listed product's id. */
  substituteFor: z.number().int().optional(),
  /** Set with substituteFor when the product bought is the cheapest member by unit price of the
   * household's own group of the same product (issue 33 item 6), not an 'Any brand' alternative. */
  sameProduct: z.literal(true).optional(),
  /** Issue 49: how much more the line would cost at the next cheapest store of the trip; absent
   * on a one-store plan or when no other store of the trip prices it. */
  cheaperBy: z.number().int().optional(),
  /** Set when the line total used a multibuy. */
  multibuy: ZMultibuy.optional(),
  /** Set when the line rests on a stale price: no store the plan could choose had a fresh one
   * (issue 33; decision 0020). */
  stale: z.literal(true).optional(),
  /** When a feed last listed the price this line is bought at (epoch ms), as on every other price
   * (issue 45). Optional so older answers still fit; the server always sends it. */
  seenAt: z.number().int().optional(),
});
export type PlanItem = z.infer<typeof ZPlanItem>;

export const ZPlanStore = z.object({
  storeId: z.number().int(),
  /** In the shopping list's order. */
  items: z.array(ZPlanItem),
  subtotal: z.number().int(),
  /** Straight-line km from the origin, when an origin was given and the store has a location. */
  distanceKm: z.number().optional(),
});
export type PlanStore = z.infer<typeof ZPlanStore>;

export const ZPlan = z.object({
  /** In the round trip's order when travel counts; otherwise biggest subtotal first. */
  stores: z.array(ZPlanStore),
  /** Subtotals plus travelCents. */
  total: z.number().int(),
  /** The round trip's cost, when origin and travelCentsPerKm were given. */
  travelCents: z.number().int().optional(),
  /** The round trip's straight-line length in km, when travel counts. */
  travelKm: z.number().optional(),
  /** Listed product ids that no chosen store prices. */
  unpriced: z.array(z.number().int()),
  /**
   * The best one-store plan on the same basis (most items priced, then cheapest, travel included
   * when asked for); `unpriced` is what that store cannot price. Null when no store prices anything.
   */
  cheapestSingleStore: z
    .object({
      storeId: z.number().int(),
      total: z.number().int(),
      unpriced: z.array(z.number().int()),
    })
    .nullable(),
  /** cheapestSingleStore.total - total (0 without a single store). Negative only when the plan
   * prices more items than the single store can. */
  saving: z.number().int(),
});
export type Plan = z.infer<typeof ZPlan>;

/** GET /api/{shortCode}/products/{id}/alternatives: same kind, comparable size, priced at the
 * workspace's stores, cheapest by unit price first, at most ALTERNATIVES_LIMIT, never the product. */
export const ZAlternatives = z.array(ZProduct);

/**
 * PUT /api/{shortCode}/cart. `quantity` may be left out to change only the other settings of an
 * item already on the list; `anyBrand` lets the plan buy an alternative; `excludedAlternatives`
 * replaces the item's vetoed alternatives (product ids the plan must not buy for it).
 */
export const ZCartUpdateRequest = z.object({
  productId: ZProductId,
  quantity: z.number({ error: 'Enter the quantity as a number.' }).optional(),
  anyBrand: z.boolean({ error: "Give 'any brand' as true or false." }).optional(),
  excludedAlternatives: z
    .array(ZProductId, { error: 'Give the excluded alternatives as a list of product ids.' })
    .max(EXCLUDED_ALTERNATIVES_MAX, {
      error: `Exclude at most ${EXCLUDED_ALTERNATIVES_MAX} alternatives.`,
    })
    .optional(),
  /**
   * A quantity set replayed from offline: when the shopper made it (server time, epoch ms). It
   * wins only over older changes (the server's stale-set guard).
   */
  changedAt: z
    .number({ error: 'Give changedAt as a time in milliseconds.' })
    .positive({ error: 'Give changedAt as a time in milliseconds.' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'Give changedAt as a time in milliseconds.' })
    .optional(),
});
export type CartUpdateRequest = z.infer<typeof ZCartUpdateRequest>;

// The API contract of spec section 7, defined once and shared by the server (validation,
// serialisation) and the web client (types). Money fields are integer cents.
import { z } from 'zod';
import { ZEquivalentGroup } from './equivalents.js';
import { ZShoppingTrip } from './household-api.js';
import { ZInvitation } from './membership.js';
import { ZSizeChange } from './price-trust.js';

export const emailMessage = 'Enter a valid email address, like name@example.co.nz.';

export const ZEmail = z
  .string({ error: emailMessage })
  .trim()
  .toLowerCase()
  .max(254, { error: emailMessage })
  .pipe(z.email({ error: emailMessage }));

/* identity */
export const ZEmailRequest = z.object({ email: ZEmail });
export const ZPasscodeRequest = z.object({
  email: ZEmail,
  passcode: z.string({ error: 'Enter the code from the email.' }).max(32),
});
export const ZRefreshRequest = z.object({ refresh_token: z.string().min(1).max(200) });
export const ZSession = z.object({ access_token: z.string(), refresh_token: z.string() });
export type Session = z.infer<typeof ZSession>;

/* stores */
/** One day's opening hours (see opening-hours.ts): day 0 is Sunday; times "HH:MM", NZ local. */
export const ZOpeningDay = z.object({
  day: z.number().int().min(0).max(6),
  open: z.string().regex(/^\d{2}:\d{2}$/),
  close: z.string().regex(/^\d{2}:\d{2}$/),
});

export const ZStoreType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const ZStore = z.object({
  id: z.number().int(),
  name: z.string(),
  type: ZStoreType,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** As the chain's store feed publishes them (issue 11); null or absent when unknown. */
  openingHours: z.array(ZOpeningDay).nullable().optional(),
});
export type Store = z.infer<typeof ZStore>;

/* catalogue */
/** The verdict on a promotion (issue 12, docs/decisions/0008): null when not on promotion. */
/** 'unknown': on special, but the history is too short to know the 30-day prior price (issue 33). */
export const ZDealRating = z.enum(['usual', 'great', 'genuine', 'none', 'unknown']);
export type DealRating = z.infer<typeof ZDealRating>;
/** What a comparable unit price is per: cents per kilogram, per litre or per each. */
export const ZUnitMeasure = z.enum(['kg', 'L', 'ea']);
export type UnitMeasure = z.infer<typeof ZUnitMeasure>;

export const ZPrice = z.object({
  storeId: z.number().int(),
  price: z.number().int(),
  basePrice: z.number().int(),
  comparativePrice: z.number().int().nullable(),
  comparativeMeasure: z.string().nullable(),
  promotionType: z.number().int().min(0).max(6),
  // Prices over time (issue 12). Optional so older answers and hand-built test prices still fit;
  // the server always sends them (null when unknown).
  priorPrice: z.number().int().nullable().optional(),
  usualPrice: z.number().int().nullable().optional(),
  lowest365: z.number().int().nullable().optional(),
  dealRating: ZDealRating.nullable().optional(),
  unitPrice: z.number().int().nullable().optional(),
  unitMeasure: ZUnitMeasure.nullable().optional(),
  /** When a feed last listed this price (epoch ms): its last confirmation, not its last change
   * (issue 33). Optional as the verdicts are; the server always sends it. */
  seenAt: z.number().int().optional(),
  /** When Kete's history of this store's price begins (epoch ms; issue 45): sent by the product
   * drawer's routes only, so it can say 'Kete has seen this price since 3 Nov'. */
  historyFrom: z.number().int().optional(),
  /** Reported wrong or not in store by 2 or more households since seenAt (issue 33 item 5): shown
   * as 'Reported by shoppers' and left out of the cheapest split and the plan. Absent: not. */
  reported: z.literal(true).optional(),
});
export type Price = z.infer<typeof ZPrice>;

export const ZProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  imageUrl: z.string().nullable(),
  displayUnits: z.string().nullable(),
  saleType: z.union([z.literal(0), z.literal(1)]),
  minimumQuantity: z.number(),
  minimumIncrement: z.number(),
  bestPrice: z.number().int().nullable(),
  highestPrice: z.number().int().nullable(),
  prices: z.array(ZPrice),
  /** The product detail's latest pack size change (issue 33 item 7); absent elsewhere. */
  sizeChange: ZSizeChange.optional(),
});
export type Product = z.infer<typeof ZProduct>;

export const ZSpecialProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What the tile says besides the name (issue 37 item 6); optional: start-up data kept on a phone may lack them. */
  brand: z.string().nullable().optional(),
  displayUnits: z.string().nullable().optional(),
  imageUrl: z.string().nullable(),
  bestPrice: z.number().int().nullable(),
});
export const ZSpecials = z.object({
  store: ZStore,
  products: z.array(ZSpecialProduct),
  count: z.number().int(),
});
export type Specials = z.infer<typeof ZSpecials>;

export const ZFavourite = ZProduct.extend({ onPromotion: z.boolean() });
export type Favourite = z.infer<typeof ZFavourite>;

export const ZListSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many products it holds (issue 37 item 8). The server always sends it; start-up data kept
   * on a phone by an earlier version has none. */
  itemCount: z.number().int().nonnegative().optional(),
});
export type ListSummary = z.infer<typeof ZListSummary>;

/* workspaces and start-up data */
export const ZAccessLevel = z.union([z.literal(0), z.literal(2), z.literal(99)]);
export const ZWorkspaceRef = z.object({
  shortCode: z.string(),
  sharedName: z.string().nullable(),
  /** The Owner's display name, on a workspace someone else owns (issue 49): it is shown as theirs
   * ("Aroha's Kete") until they name it. Absent on the user's own workspace. */
  ownerName: z.string().optional(),
});
export type WorkspaceRef = z.infer<typeof ZWorkspaceRef>;

export const ZMember = z.object({
  displayName: z.string(),
  email: z.string(),
  features: z.array(z.enum(['AccessList', 'Statistics'])),
  /** Price-drop alert e-mails on (default) or off; changed with PUT /api/me. */
  priceAlerts: z.boolean().optional(),
});
export type Member = z.infer<typeof ZMember>;

export const ZInitialData = z.object({
  member: ZMember,
  stores: z.object({ all: z.array(ZStore), workspace: z.array(ZStore) }),
  accessLevel: ZAccessLevel,
  workspace: ZWorkspaceRef,
  sharedWorkspaces: z.array(ZWorkspaceRef),
  favourites: z.array(ZFavourite),
  specials: z.array(ZSpecials),
  lists: z.array(ZListSummary),
  /** The catalogue holds the generated demo prices, not real ones: the app says so. */
  demoCatalogue: z.boolean(),
  /** Days after which a price not confirmed by a feed is marked stale (KETE_STALE_DAYS, issue 33).
   * Optional: start-up data kept by an older version lacks it (the default is 8). */
  staleDays: z.number().int().optional(),
  /**
   * Workspaces shared with this user that they have not accepted or declined yet (decision 0017).
   * Always sent; optional because start-up data kept on a phone by an older version lacks it.
   */
  invitations: z.array(ZInvitation).optional(),
  /** The workspace's shopping trip now (issue 35); optional for start-up data kept by older versions. */
  trip: ZShoppingTrip.nullable().optional(),
  /** The household's own groups of the same product (issue 33 item 6); optional for start-up data
   * kept by older versions. */
  equivalents: z.array(ZEquivalentGroup).optional(),
});
export type InitialData = z.infer<typeof ZInitialData>;

export const ZWorkspaceUnknown = z.object({ workspace_unknown: z.literal(true) });
export const ZSwitchResponse = z.union([ZInitialData, ZWorkspaceUnknown]);
export type SwitchResponse = z.infer<typeof ZSwitchResponse>;

export const ZHealth = z.object({ status: z.literal('ok') });
/** GET /api/ready: 200 ready, or 503 unavailable with why (issue 48). */
export const ZReady = z.union([
  z.object({ status: z.literal('ready') }),
  z.object({ status: z.literal('unavailable'), database: z.string() }),
]);
export type Ready = z.infer<typeof ZReady>;

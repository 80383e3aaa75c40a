// Issue 35 (decision 0021): the household in the store. Aisle order per store, the shopping trip
// others see, and Web Push. Request and response schemas shared by the server and the app.
import { z } from 'zod';
import { AISLES, type AisleKey } from './aisle-order.js';

const AISLE_KEYS = AISLES.map((a) => a.key) as [AisleKey, ...AisleKey[]];

export const ZStoreId = z.coerce
  .number({ error: 'Give the store id as a number.' })
  .int({ error: 'Give the store id as a whole number.' })
  .positive({ error: 'Give the store id as a positive number.' })
  .max(2_147_483_647, { error: 'That store does not exist.' });

/* aisle order */
export const ZAisleOrder = z.object({
  categories: z.array(z.enum(AISLE_KEYS)),
  /** chain: the chain's walking order; learned: from the household's ticks; set: by hand. */
  source: z.enum(['chain', 'learned', 'set']),
});
export type AisleOrder = z.infer<typeof ZAisleOrder>;

export const ZAisleOrderRequest = z.object({
  categories: z
    .array(z.enum(AISLE_KEYS, { error: 'Name each aisle by its key, like "produce".' }))
    .max(AISLE_KEYS.length)
    .refine((keys) => new Set(keys).size === keys.length, { error: 'Name each aisle once.' }),
});

/**
 * Sent with a tick (DELETE /api/{shortCode}/cart/{productId}, body `{tick}`), also from the
 * offline outbox: which store, which trip (its start on the phone) and when the item was ticked.
 */
export const ZTick = z.object({
  storeId: ZStoreId,
  trip: z.number().int().nonnegative(),
  at: z.number().int().nonnegative(),
});
export type Tick = z.infer<typeof ZTick>;
export const ZCartRemoveRequest = z.object({ tick: ZTick.optional() }).nullish();

/* going shopping */
export const ZShoppingTrip = z.object({
  memberName: z.string(),
  /** The shopper's user id, so their own phone knows the trip is theirs. */
  userId: z.number().int(),
  storeId: z.number().int(),
  startedAt: z.number().int(),
});
export type ShoppingTrip = z.infer<typeof ZShoppingTrip>;
export const ZTripAnswer = z.object({ trip: ZShoppingTrip.nullable() });
export const ZTripRequest = z.object({ storeId: ZStoreId });

/** A trip with no tick for this long is over. */
export const TRIP_IDLE_MS = 3 * 60 * 60 * 1000;

/** Whether a trip begun at `startedAt`, last ticked at `lastTickAt`, still lasts at `now`. */
export const tripLasts = (startedAt: number, lastTickAt: number | null, now: number) =>
  now - Math.max(startedAt, lastTickAt ?? 0) <= TRIP_IDLE_MS;

/** 'Sam is shopping at PAK'nSAVE Albany'. */
export const describeTrip = (trip: Pick<ShoppingTrip, 'memberName'>, storeName: string | undefined) =>
  `${trip.memberName} is shopping${storeName ? ` at ${storeName}` : ''}`;

/* Web Push */
export const ZPushKey = z.object({ publicKey: z.string() });
export const ZPushTopics = z.object({
  drops: z.enum(['instant', 'daily', 'off']),
  shopping: z.boolean(),
  addedWhileShopping: z.boolean(),
});
export type PushTopics = z.infer<typeof ZPushTopics>;
const base64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'Give the key in base64url.' });
export const ZPushSubscription = z.object({
  endpoint: z.string().url({ error: 'Give the push endpoint as a URL.' }).max(2000),
  keys: z.object({ p256dh: base64Url.max(200), auth: base64Url.max(100) }),
});
export const ZPushRequest = z.object({ subscription: ZPushSubscription, topics: ZPushTopics });
export type PushRequest = z.infer<typeof ZPushRequest>;
export const ZPushRemoveRequest = z.object({ endpoint: z.string().max(2000) });
export const ZPushSettings = z.object({ topics: ZPushTopics.nullable() });

/** What a push message carries to the service worker: it shows `title`/`body`, a tap opens `url`. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

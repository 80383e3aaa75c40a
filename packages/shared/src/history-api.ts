// Prices over time (issue 12, docs/decisions/0008-prices-over-time.md): a product's price history
// at the workspace's stores, the favourites whose price dropped, and the member's alert setting.
import { z } from 'zod';
import { ZDealRating, ZProduct } from './api.js';

export const historyDaysMessage = 'Choose between 7 and 730 days.';

/** GET /api/{shortCode}/products/{id}/history?days=N */
export const ZHistoryQuery = z.object({
  days: z.coerce
    .number({ error: historyDaysMessage })
    .int({ error: historyDaysMessage })
    .min(7, { error: historyDaysMessage })
    .max(730, { error: historyDaysMessage })
    .default(90),
});
export type HistoryQuery = z.infer<typeof ZHistoryQuery>;

/** One change of a store's price; price and basePrice null while the store did not list it. */
export const ZHistoryPoint = z.object({
  storeId: z.number().int(),
  /** Epoch milliseconds. */
  observedAt: z.number().int(),
  price: z.number().int().nullable(),
  basePrice: z.number().int().nullable(),
  promotionType: z.number().int().min(0).max(6),
  /** A multibuy ("2 for $8") at this point: the verdicts compare its per-unit cost (issue 33: a
   * prior price taken from a multibuy is in the history the API answers, not only in the rule). */
  multibuyQuantity: z.number().int().nullable().optional(),
  multibuyPrice: z.number().int().nullable().optional(),
});
export type HistoryPoint = z.infer<typeof ZHistoryPoint>;

/** For each workspace store: every change inside the window plus the last one before it, oldest
 * first (all stores interleaved by observedAt). */
export const ZProductHistory = z.object({ history: z.array(ZHistoryPoint) });
export type ProductHistory = z.infer<typeof ZProductHistory>;

/** A favourite whose price dropped this week at one of the workspace's stores. */
export const ZPriceDrop = z.object({
  product: ZProduct,
  storeId: z.number().int(),
  oldPrice: z.number().int(),
  newPrice: z.number().int(),
  /** Epoch milliseconds of the drop. */
  droppedAt: z.number().int(),
  /** The verdict on the new price (null when it is not a promotion). */
  dealRating: ZDealRating.nullable(),
});
export type PriceDrop = z.infer<typeof ZPriceDrop>;

/** GET /api/{shortCode}/price-drops: biggest drop first. */
export const ZPriceDrops = z.object({ drops: z.array(ZPriceDrop) });
export type PriceDrops = z.infer<typeof ZPriceDrops>;

/** PUT /api/me: the signed-in user's own settings; answers the updated member. */
export const ZMeUpdate = z.object({
  priceAlerts: z.boolean({ error: 'Choose whether to get price-drop e-mails.' }),
});
export type MeUpdate = z.infer<typeof ZMeUpdate>;

// GET /api/{shortCode}/products/{id}/outlook (issue 46): buy now or wait, per workspace store.
import { z } from 'zod';
import { OUTLOOK_PAIRS_PER_CALL, workspaceLimits } from '../limits.js';

export const ZOutlookAdvice = z.enum(['buy', 'wait', 'stock-up', 'unknown']);

/** A calendar date in New Zealand, YYYY-MM-DD. */
const ZNzDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ZStoreOutlook = z.object({
  storeId: z.number().int(),
  advice: ZOutlookAdvice,
  /** The chance a special starts within 14 days (0-1); null under 90 days of history. */
  chance14d: z.number().min(0).max(1).nullable(),
  likelyFrom: ZNzDate.nullable(),
  likelyTo: ZNzDate.nullable(),
  /** Cents: what it usually costs off special and on special (null if never seen). */
  typicalPrice: z.number().int().nullable(),
  specialPrice: z.number().int().nullable(),
  /** What the outlook rests on: specials started over days of history. */
  basis: z.object({ specials: z.number().int(), days: z.number().int() }),
  /** The usual days between the starts of two specials, once two were seen. */
  everyDays: z.number().int().nullable(),
  /** The day the last special ended, or null. */
  lastEnded: ZNzDate.nullable(),
  onSpecial: z.boolean(),
});
export type StoreOutlook = z.infer<typeof ZStoreOutlook>;

export const ZProductOutlook = z.object({ stores: z.array(ZStoreOutlook) });
export type ProductOutlook = z.infer<typeof ZProductOutlook>;

export const outlookIdsMessage = `Give up to ${workspaceLimits.cartItems} product ids, separated by commas.`;
/** A call asking for more than OUTLOOK_PAIRS_PER_CALL pairs at the workspace's stores (400). */
export const outlookPairsMessage = (stores: number) =>
  `With ${stores} stores, give up to ${Math.floor(OUTLOOK_PAIRS_PER_CALL / stores)} product ids at a time.`;

/** GET /api/{shortCode}/outlooks?ids=1,2,3: the shopping list's products in one call. */
export const ZOutlooksQuery = z.object({
  ids: z
    .string({ error: outlookIdsMessage })
    .regex(/^\d{1,9}(,\d{1,9})*$/, { error: outlookIdsMessage })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= workspaceLimits.cartItems, { error: outlookIdsMessage }),
});

export const ZOutlooks = z.object({
  products: z.array(z.object({ productId: z.number().int(), stores: z.array(ZStoreOutlook) })),
});
export type Outlooks = z.infer<typeof ZOutlooks>;

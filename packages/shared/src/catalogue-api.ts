// Catalogue routes' request and response schemas (search, product detail, specials, statistics).
// The entities themselves (Product, Price, Store, Specials) are in api.ts.
import { z } from 'zod';
import { ZPrice, ZProduct, ZStore } from './api.js';
import { TEXT_MAX_LENGTH } from './text.js';

export const searchTextMessage = 'Enter something to search for.';

export const ZSearchRequest = z.object({
  text: z
    .string({ error: searchTextMessage })
    .max(TEXT_MAX_LENGTH, { error: `Search for at most ${TEXT_MAX_LENGTH} characters.` })
    .refine((text) => text.trim() !== '', { error: searchTextMessage }),
  /** 'unitPrice': cheapest comparable unit price first (products without one last). */
  sort: z.enum(['relevance', 'unitPrice']).optional(),
});
export type SearchRequest = z.infer<typeof ZSearchRequest>;

export const ZProductList = z.array(ZProduct);
export const ZPriceList = z.array(ZPrice);

/** A product on promotion at a store, with how much it saves there (base price minus price). */
export const ZSpecialsProduct = ZProduct.extend({ saving: z.number().int() });
export type SpecialsProduct = z.infer<typeof ZSpecialsProduct>;

export const ZSpecialsPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZSpecialsPage = z.object({
  store: ZStore,
  products: z.array(ZSpecialsProduct),
  /** Every product on promotion at the store; pages are `pageSize` of them, biggest saving first. */
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Page 1 only: products priced at the store whose pack got smaller in the last
   * SHRANK_RECENT_DAYS days, each with its sizeChange (issue 33 item 7, 'Smaller pack'). */
  shrank: z.array(ZProduct).optional(),
});
export type SpecialsPage = z.infer<typeof ZSpecialsPage>;

export const ZStoreCount = z.object({ storeId: z.number().int(), count: z.number().int() });
export const ZStatistics = z.object({ specials: z.array(ZStoreCount), prices: z.array(ZStoreCount) });
export type Statistics = z.infer<typeof ZStatistics>;

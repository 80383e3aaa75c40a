// Product search: a barcode finds its product; otherwise every term must match (as a prefix),
// ranked by relevance, and when that leaves room the products matching only some terms follow.
import { toGtin13 } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';
import { catalogueSnapshot } from '../catalogue-snapshot.js';
import { keptProductListBytes, productListBytes } from '../product-json.js';
import { findProductEntries, keptPriceLists } from '../product-shape.js';
import { cachedAnswer, cachedIds } from './search-cache.js';
import { byUnitPrice, type SearchSort } from './search-sort.js';
import { asBarcode, queryTerms } from './search-text.js';

export const MAX_SEARCH_RESULTS = 50;

export async function searchProductIds(db: Kysely<DB>, dialect: Dialect, text: string): Promise<number[]> {
  const barcode = asBarcode(text);
  if (barcode) {
    // Stored as GTIN-13 (toGtin13): a scanned UPC-A or a code typed without its zeros finds it too.
    const hit = await db
      .selectFrom('product_barcodes')
      .select('product_id')
      .where('barcode', '=', toGtin13(barcode) ?? barcode)
      .executeTakeFirst();
    if (hit) return [hit.product_id];
  }
  const terms = queryTerms(text);
  if (terms.length === 0) return [];
  const { index } = await catalogueSnapshot(db, dialect);
  return index.search(terms, MAX_SEARCH_RESULTS);
}

/**
 * The answer as UTF-8 JSON (product-json.ts), written once and then served from the cache. A new
 * text mostly reaches products earlier searches priced at these stores: their JSON is kept, and
 * the answer is copied together from it (keptProductListBytes); else it is written afresh.
 */
export function searchProductsJson(
  db: Kysely<DB>,
  dialect: Dialect,
  text: string,
  storeIds: number[],
  options: { sort?: SearchSort; now?: number } = {},
) {
  // Stemming the text's words is a search's own work too: once for both caches' keys.
  const key = searchKey(text);
  return cachedAnswer(db, `${options.sort ?? 'relevance'}|${key}`, storeIds, async (sentOnce) => {
    const ids = await cachedIds(db, key, () => searchProductIds(db, dialect, text));
    const now = options.now ?? Date.now();
    if (options.sort !== 'unitPrice') {
      const { products } = await catalogueSnapshot(db, dialect);
      const kept = keptProductListBytes(products, keptPriceLists(db, storeIds, now), ids, sentOnce);
      if (kept) return kept;
    }
    const entries = await findProductEntries(db, ids, storeIds, now);
    return productListBytes(options.sort === 'unitPrice' ? byUnitPrice(entries) : entries, sentOnce);
  });
}

const searchKey = (text: string) => asBarcode(text) ?? queryTerms(text).join(' ');

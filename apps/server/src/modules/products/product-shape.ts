// Builds the spec's Product shape: a product with its prices at the given stores only, and the
// best and highest of them. Search, product detail, cart, lists and favourites all answer this.
import { type Price, type Product, trustedPriceRange } from '@kete/shared';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import { storeSetKey } from '../../lib/answer-cache.js';
import type { ProductsTable } from './catalogue.schema.js';
import { heldProductRows } from './catalogue-snapshot.js';
import { PricedPairs } from './price-cache.js';
import { readPricesAt, sharedReadPricesAt } from './price-reads.js';

/** The products columns the Product shape is built from. */
export const productShapeColumns = [
  'id',
  'name',
  'brand',
  'display_units',
  'sale_type',
  'minimum_quantity',
  'minimum_increment',
  'image_url',
] as const;

export type ProductShapeRow = Pick<Selectable<ProductsTable>, (typeof productShapeColumns)[number]>;

export function toProduct(row: ProductShapeRow, prices: Price[]): Product {
  const range = trustedPriceRange(prices);
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    imageUrl: row.image_url,
    displayUnits: row.display_units,
    saleType: row.sale_type === 1 ? 1 : 0,
    minimumQuantity: row.minimum_quantity,
    minimumIncrement: row.minimum_increment,
    bestPrice: range.best,
    highestPrice: range.highest,
    prices,
  };
}

/** A 500-item list at 20 stores is 10,000 pairs. */
const CACHED_PAIRS_PER_REQUEST = 20_000;

const cheapestFirst = (a: Price, b: Price) => a.price - b.price || a.storeId - b.storeId;

/**
 * Current prices of these products at these stores, cheapest first per product. Pairs priced in
 * the last seconds come from this process's cache (price-cache.ts); the others from the database.
 */
export async function pricesAt(db: Kysely<DB>, productIds: number[], storeIds: number[], now = Date.now()) {
  // A request for more pairs than a screen shows (an export, a test of the variable limit) would
  // only churn the cache: it reads them all, uncached.
  if (productIds.length * storeIds.length > CACHED_PAIRS_PER_REQUEST) {
    const all = await readPricesAt(db, productIds, storeIds, now);
    for (const list of all.values()) list.sort(cheapestFirst);
    return all;
  }
  const cached = new PricedPairs(db, now);
  // Each product's list as built before for this set of stores, if kept (price-cache.ts).
  const lists = cached.listsAt(storeSetKey(storeIds));
  const byProduct = new Map<number, Price[]>();
  const unlisted: number[] = [];
  for (const productId of productIds) {
    const list = lists.get(productId);
    if (list === undefined) unlisted.push(productId);
    // Frozen and shared: a caller that changed it would throw rather than change other answers.
    else if (list.length > 0) byProduct.set(productId, list as Price[]);
  }
  if (unlisted.length === 0) return byProduct;
  const width = storeIds.length;
  // Each pair's answer, product by product in the order of storeIds (undefined: not cached).
  const found: (Price | null | undefined)[] = new Array(unlisted.length * width).fill(undefined);
  const missingProducts = new Set<number>();
  const missingStores = new Set<number>();
  for (let s = 0; s < width; s++) {
    const storeId = storeIds[s] as number;
    const cachedAt = cached.atStore(storeId);
    for (let p = 0; p < unlisted.length; p++) {
      const productId = unlisted[p] as number;
      const hit = cachedAt(productId);
      found[p * width + s] = hit;
      if (hit !== undefined) continue;
      missingProducts.add(productId);
      missingStores.add(storeId);
    }
  }
  if (missingProducts.size > 0) {
    const fetched = await sharedReadPricesAt(db, [...missingProducts], [...missingStores], now);
    // What was read now is answered even if the cache drops it again (it is full).
    unlisted.forEach((productId, p) => {
      if (!missingProducts.has(productId)) return;
      const prices = fetched.get(productId) ?? [];
      storeIds.forEach((storeId, s) => {
        if (!missingStores.has(storeId)) return;
        const price = prices.find((candidate) => candidate.storeId === storeId) ?? null;
        found[p * width + s] = price;
        cached.set(storeId, productId, price);
      });
    });
  }
  for (let p = 0; p < unlisted.length; p++) {
    const productId = unlisted[p] as number;
    const list: Price[] = [];
    for (let s = 0; s < width; s++) {
      const price = found[p * width + s];
      if (price) insertCheapestFirst(list, price);
    }
    const kept = lists.set(productId, list);
    if (kept.length > 0) byProduct.set(productId, kept as Price[]);
  }
  return byProduct;
}

/**
 * The price lists this process keeps for products at these stores (pricesAt's, cheapest first),
 * by product; a product without one has not been priced there lately.
 */
export function keptPriceLists(db: Kysely<DB>, storeIds: number[], now = Date.now()) {
  return new PricedPairs(db, now).listsAt(storeSetKey(storeIds));
}

/** Adds `price` to a list kept cheapest first: a product has a few prices, sorting them was slower. */
function insertCheapestFirst(list: Price[], price: Price): void {
  let at = list.length;
  while (at > 0 && cheapestFirst(list[at - 1] as Price, price) > 0) {
    list[at] = list[at - 1] as Price;
    at--;
  }
  list[at] = price;
}

/**
 * The products with these ids as Products priced at these stores, in the order of the ids given.
 * Unknown ids are left out; withdrawn products are kept (a user's list may still hold them).
 */
export async function findProducts(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
  now = Date.now(),
): Promise<Product[]> {
  const entries = await findProductEntries(db, productIds, storeIds, now);
  return entries.map((entry) => toProduct(entry.row, entry.prices));
}

/** As findProducts, each product as its row and its prices (product-json.ts writes them). */
export async function findProductEntries(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
  now = Date.now(),
): Promise<{ row: ProductShapeRow; prices: Price[] }[]> {
  if (productIds.length === 0) return [];
  const [rows, prices] = await Promise.all([
    heldProductRows(db, productIds),
    pricesAt(db, productIds, storeIds, now),
  ]);
  return productIds.flatMap((id) => {
    const row = rows.get(id);
    return row ? [{ row, prices: prices.get(id) ?? [] }] : [];
  });
}

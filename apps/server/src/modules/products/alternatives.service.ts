// 'Any brand' alternatives (issue 13): products of the same kind at a comparable size, decided by
// the shared rule (packages/shared/src/plan/same-kind.ts) over candidates the database narrows by
// category, way of selling and one word of the name.
import {
  ALTERNATIVES_LIMIT,
  isAlternative,
  type KindProduct,
  kindSearchWord,
  type PackSize,
  type Price,
  type Product,
  parsePackSize,
} from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import { findProducts } from './product-shape.js';

/** Candidates read per product at most: a kind is never this large, and a request stays cheap. */
const POOL_LIMIT = 5000;

const kindColumns = [
  'id',
  'name',
  'brand',
  'display_units as displayUnits',
  'category',
  'sale_type as saleType',
] as const;

export async function findKindProduct(db: Kysely<DB>, productId: number): Promise<KindProduct | undefined> {
  return db.selectFrom('products').select(kindColumns).where('id', '=', productId).executeTakeFirst();
}

/** Several products' kinds in one query (the plan's 'Any brand' items). */
export async function findKindProducts(db: Kysely<DB>, productIds: number[]): Promise<KindProduct[]> {
  const found: KindProduct[] = [];
  for (const ids of chunks(productIds)) {
    found.push(...(await db.selectFrom('products').select(kindColumns).where('id', 'in', ids).execute()));
  }
  return found;
}

/** Every alternative to the product that at least one of these stores prices (any order). */
export async function alternativeIds(
  db: Kysely<DB>,
  product: KindProduct,
  storeIds: number[],
): Promise<number[]> {
  const word = kindSearchWord(product);
  if (!word || storeIds.length === 0) return [];
  let query = db
    .selectFrom('products')
    .select(kindColumns)
    .where('id', '!=', product.id)
    .where('withdrawn_at', 'is', null)
    .where('sale_type', '=', product.saleType)
    .where(sql<boolean>`lower(name) like ${`%${word.replace(/[%_\\]/g, '')}%`}`);
  if (product.category) {
    const category = product.category;
    query = query.where((eb) => eb.or([eb('category', '=', category), eb('category', 'is', null)]));
  }
  const pool = await query.limit(POOL_LIMIT).execute();
  const same = pool.filter((candidate) => isAlternative(product, candidate)).map((c) => c.id);
  const priced = new Set<number>();
  for (const ids of chunks(same)) {
    const rows = await db
      .selectFrom('prices')
      .select('product_id')
      .distinct()
      .where('product_id', 'in', ids)
      .where('store_id', 'in', storeIds)
      .execute();
    for (const row of rows) priced.add(row.product_id);
  }
  return same.filter((id) => priced.has(id));
}

/**
 * Cents per kg, L or each at the cheapest of these prices: the comparable unit price issue 12
 * puts on each price when its measure is the pack's, else the price over the pack size.
 */
export function cheapestUnitPrice(prices: readonly Price[], pack: PackSize | null): number {
  let best = Number.POSITIVE_INFINITY;
  for (const price of prices) {
    const perUnit =
      price.unitPrice != null && pack && price.unitMeasure === pack.measure
        ? price.unitPrice
        : price.price / (pack?.amount ?? 1);
    best = Math.min(best, perUnit);
  }
  return best;
}

/** The answer of GET .../products/{id}/alternatives: cheapest by unit price first, at most 20. */
export async function alternativesFor(
  db: Kysely<DB>,
  product: KindProduct,
  storeIds: number[],
  now: number,
): Promise<Product[]> {
  const ids = await alternativeIds(db, product, storeIds);
  const products = await findProducts(db, ids, storeIds, now);
  const ranked = products.map((p) => ({
    product: p,
    unit: cheapestUnitPrice(p.prices, parsePackSize(p.displayUnits, p.saleType)),
  }));
  ranked.sort(
    (a, b) =>
      a.unit - b.unit ||
      (a.product.bestPrice ?? 0) - (b.product.bestPrice ?? 0) ||
      a.product.id - b.product.id,
  );
  return ranked.slice(0, ALTERNATIVES_LIMIT).map((r) => r.product);
}

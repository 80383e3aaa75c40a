// 'Any brand' alternatives (issue 13): products of the same kind at a comparable size, decided by
// the shared rule (packages/shared/src/plan/same-kind.ts) over the candidates the kind index finds:
// the products whose kind_key (kindKey, written by the ingest) is the product's own (issue 32: one
// indexed lookup for any number of products, instead of a scan of every name per product).
import {
  ALTERNATIVES_LIMIT,
  isAlternative,
  type KindProduct,
  kindKey,
  type PackSize,
  type Price,
  type Product,
  parsePackSize,
} from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import { findProducts } from './product-shape.js';

/** Candidates read per kind at most: a kind is never this large, and a request stays cheap. */
export const KIND_POOL = 50;

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

/** The products of each of these kinds still in the catalogue, at most KIND_POOL a kind (lowest ids). */
export async function productsOfKinds(db: Kysely<DB>, keys: string[]): Promise<Map<string, KindProduct[]>> {
  const byKind = new Map<string, KindProduct[]>();
  for (const part of chunks([...new Set(keys)].filter(Boolean))) {
    const rows = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('products')
          .select([
            ...kindColumns,
            'kind_key as kindKey',
            sql<number>`row_number() over (partition by kind_key order by id)`.as('rank'),
          ])
          .where('kind_key', 'in', part)
          .where('withdrawn_at', 'is', null)
          .as('k'),
      )
      .selectAll()
      .where('rank', '<=', KIND_POOL)
      .orderBy('id')
      .execute();
    for (const { kindKey: key, rank: _rank, ...product } of rows) {
      if (key === null) continue;
      const kind = byKind.get(key) ?? [];
      kind.push(product);
      byKind.set(key, kind);
    }
  }
  return byKind;
}

/** The alternatives to each product among the products of its kind (lowest ids first, any number). */
export async function alternativesByKind(
  db: Kysely<DB>,
  products: readonly KindProduct[],
): Promise<Map<number, KindProduct[]>> {
  const keyOf = new Map(products.map((product) => [product.id, kindKey(product)]));
  const kinds = await productsOfKinds(db, [...keyOf.values()]);
  return new Map(
    products.map((product) => [
      product.id,
      (kinds.get(keyOf.get(product.id) ?? '') ?? []).filter((candidate) => isAlternative(product, candidate)),
    ]),
  );
}

/** Every alternative to the product that at least one of these stores prices (any order). */
export async function alternativeIds(
  db: Kysely<DB>,
  product: KindProduct,
  storeIds: number[],
): Promise<number[]> {
  if (storeIds.length === 0) return [];
  const same = ((await alternativesByKind(db, [product])).get(product.id) ?? []).map((c) => c.id);
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

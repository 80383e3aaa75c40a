// Builds the spec's Product shape: a product with its prices at the given stores only, and the
// best and highest of them. Search, product detail, cart, lists and favourites all answer this.
import type { Price, Product } from '@kete/shared';
import { type Kysely, type Selectable, SqliteAdapter, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import type { ProductsTable } from './catalogue.schema.js';
import { addVerdicts } from './price-enrichment.js';

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

type ProductRow = Pick<Selectable<ProductsTable>, (typeof productShapeColumns)[number]>;

export function toProduct(row: ProductRow, prices: Price[]): Product {
  const amounts = prices.map((p) => p.price);
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    imageUrl: row.image_url,
    displayUnits: row.display_units,
    saleType: row.sale_type === 1 ? 1 : 0,
    minimumQuantity: row.minimum_quantity,
    minimumIncrement: row.minimum_increment,
    bestPrice: amounts.length ? Math.min(...amounts) : null,
    highestPrice: amounts.length ? Math.max(...amounts) : null,
    prices,
  };
}

type PriceTuple = [
  productId: number,
  storeId: number,
  price: number,
  basePrice: number,
  comparativePrice: number | null,
  comparativeMeasure: string | null,
  promotionType: number,
];

const cheapestFirst = (a: Price, b: Price) => a.price - b.price || a.storeId - b.storeId;

/**
 * Current prices of these products at these stores, cheapest first per product.
 * The rows come back as one JSON array built by the database: a search reads about 300 prices,
 * and decoding them as 300 row objects cost more than finding them (measured: 390 µs vs 130 µs).
 */
export async function pricesAt(db: Kysely<DB>, productIds: number[], storeIds: number[], now = Date.now()) {
  const byProduct = new Map<number, Price[]>();
  // Sliced so no statement binds more values than the database allows (lib/chunks.ts).
  for (const products of chunks(productIds)) {
    for (const stores of chunks(storeIds)) await addPricesAt(db, products, stores, byProduct);
  }
  for (const list of byProduct.values()) list.sort(cheapestFirst);
  // Each price's verdict and comparable unit price (issue 12).
  await addVerdicts(db, byProduct, now);
  return byProduct;
}

async function addPricesAt(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
  byProduct: Map<number, Price[]>,
) {
  const where = sql`product_id in (${sql.join(productIds)}) and store_id in (${sql.join(storeIds)})`;
  const columns = sql`product_id, store_id, price, base_price, comparative_price, comparative_measure, promotion_type`;
  const query =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? sql<{
          prices: string;
        }>`select json_group_array(json_array(${columns})) as prices from prices where ${where}`
      : sql<{
          prices: PriceTuple[] | null;
        }>`select json_agg(json_build_array(${columns})) as prices from prices where ${where}`;
  const [row] = (await query.execute(db)).rows;
  const tuples: PriceTuple[] =
    typeof row?.prices === 'string' ? JSON.parse(row.prices) : ((row?.prices as PriceTuple[] | null) ?? []);
  for (const [
    productId,
    storeId,
    price,
    basePrice,
    comparativePrice,
    comparativeMeasure,
    promotionType,
  ] of tuples) {
    const list = byProduct.get(productId) ?? [];
    list.push({ storeId, price, basePrice, comparativePrice, comparativeMeasure, promotionType });
    byProduct.set(productId, list);
  }
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
  if (productIds.length === 0) return [];
  const [rows, prices] = await Promise.all([
    Promise.all(
      chunks(productIds).map((ids) =>
        db.selectFrom('products').select(productShapeColumns).where('id', 'in', ids).execute(),
      ),
    ).then((slices) => slices.flat()),
    pricesAt(db, productIds, storeIds, now),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduct(row, prices.get(id) ?? [])] : [];
  });
}

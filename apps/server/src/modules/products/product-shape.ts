// Builds the spec's Product shape: a product with its prices at the given stores only, and the
// best and highest of them. Search, product detail, cart, lists and favourites all answer this.
import type { Price, Product } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

type ProductRow = {
  id: number;
  name: string;
  brand: string | null;
  display_units: string | null;
  sale_type: number;
  minimum_quantity: number;
  minimum_increment: number;
  image_url: string | null;
};

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

/** Current prices of these products at these stores, cheapest first per product. */
export async function pricesAt(db: Kysely<DB>, productIds: number[], storeIds: number[]) {
  const byProduct = new Map<number, Price[]>();
  if (productIds.length === 0 || storeIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('prices')
    .select([
      'product_id',
      'store_id as storeId',
      'price',
      'base_price as basePrice',
      'comparative_price as comparativePrice',
      'comparative_measure as comparativeMeasure',
      'promotion_type as promotionType',
    ])
    .where('product_id', 'in', productIds)
    .where('store_id', 'in', storeIds)
    .orderBy('price')
    .orderBy('store_id')
    .execute();
  for (const { product_id, ...price } of rows) {
    const list = byProduct.get(product_id) ?? [];
    list.push(price);
    byProduct.set(product_id, list);
  }
  return byProduct;
}

/**
 * The products with these ids as Products priced at these stores, in the order of the ids given.
 * Unknown ids are left out; withdrawn products are kept (a user's list may still hold them).
 */
export async function findProducts(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const [rows, prices] = await Promise.all([
    db
      .selectFrom('products')
      .select([
        'id',
        'name',
        'brand',
        'display_units',
        'sale_type',
        'minimum_quantity',
        'minimum_increment',
        'image_url',
      ])
      .where('id', 'in', productIds)
      .execute(),
    pricesAt(db, productIds, storeIds),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduct(row, prices.get(id) ?? [])] : [];
  });
}

// What the ingest keeps in memory while it runs: stores by chain id, products by chain key and by
// barcode, and each product's details, so a line costs map lookups rather than queries.
import type { StoreType } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { productShapeColumns } from '../products/product-shape.js';

export interface ProductDetails {
  name: string;
  brand: string | null;
  displayUnits: string | null;
  saleType: number;
  minimumQuantity: number;
  minimumIncrement: number;
  imageUrl: string | null;
  category: string | null;
  /** The chain whose feed describes the product; other chains only add prices and keys. */
  primaryChain: number;
}

export interface CatalogueState {
  stores: Map<string, number>;
  sources: Map<string, number>;
  barcodes: Map<string, number>;
  products: Map<number, ProductDetails>;
}

export const storeKey = (chain: StoreType, sourceId: string) => `${chain}:${sourceId}`;
export const sourceKey = (chain: StoreType, productKey: string) => `${chain}:${productKey}`;

export async function loadCatalogueState(db: Kysely<DB>): Promise<CatalogueState> {
  const [stores, sources, barcodes, products] = await Promise.all([
    db.selectFrom('stores').select(['id', 'chain', 'source_id']).execute(),
    db.selectFrom('product_sources').select(['chain', 'product_key', 'product_id']).execute(),
    db.selectFrom('product_barcodes').select(['barcode', 'product_id']).execute(),
    db
      .selectFrom('products')
      .select([...productShapeColumns, 'category'])
      .execute(),
  ]);
  const primaryChain = new Map<number, number>();
  for (const s of sources) {
    primaryChain.set(s.product_id, Math.min(primaryChain.get(s.product_id) ?? 99, s.chain));
  }
  return {
    stores: new Map(stores.map((s) => [storeKey(s.chain as StoreType, s.source_id), s.id])),
    sources: new Map(sources.map((s) => [sourceKey(s.chain as StoreType, s.product_key), s.product_id])),
    barcodes: new Map(barcodes.map((b) => [b.barcode, b.product_id])),
    products: new Map(
      products.map((p) => [
        p.id,
        {
          name: p.name,
          brand: p.brand,
          displayUnits: p.display_units,
          saleType: p.sale_type,
          minimumQuantity: p.minimum_quantity,
          minimumIncrement: p.minimum_increment,
          imageUrl: p.image_url,
          category: p.category,
          primaryChain: primaryChain.get(p.id) ?? 99,
        },
      ]),
    ),
  };
}

// Products, prices and workspace stores written straight into the catalogue tables, so shopping
// tests do not depend on the ingest pipeline.
import { kindKey } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { forgetCachedPrices } from '../../products/price-cache.js';

export interface ProductFixture {
  name?: string;
  brand?: string | null;
  saleType?: 0 | 1;
  minimumQuantity?: number;
  minimumIncrement?: number;
}

let counter = 0;

export async function createProduct(db: Kysely<DB>, fixture: ProductFixture = {}): Promise<number> {
  counter += 1;
  const now = Date.now();
  const name = fixture.name ?? `Test product ${counter}`;
  const brand = fixture.brand ?? 'Test brand';
  const row = await db
    .insertInto('products')
    .values({
      name,
      brand,
      display_units: fixture.saleType === 1 ? 'per kg' : '1ea',
      sale_type: fixture.saleType ?? 0,
      minimum_quantity: fixture.minimumQuantity ?? 1,
      minimum_increment: fixture.minimumIncrement ?? 1,
      image_url: null,
      category: null,
      created_at: now,
      updated_at: now,
      withdrawn_at: null,
      kind_key: kindKey({ name, brand }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setPrice(
  db: Kysely<DB>,
  productId: number,
  storeId: number,
  price: number,
  promotionType = 0,
): Promise<void> {
  // Prices change behind the ingest's back here: the cached pairs must go, as after an ingest.
  forgetCachedPrices();
  await db
    .insertInto('prices')
    .values({
      store_id: storeId,
      product_id: productId,
      price,
      base_price: promotionType > 1 ? price + 100 : price,
      comparative_price: null,
      comparative_measure: null,
      promotion_type: promotionType,
      multibuy_quantity: null,
      multibuy_price: null,
      observed_at: Date.now(),
    })
    .execute();
}

export async function addWorkspaceStore(db: Kysely<DB>, workspaceId: number, storeId: number): Promise<void> {
  await db
    .insertInto('workspace_stores')
    .values({ workspace_id: workspaceId, store_id: storeId, created_at: Date.now() })
    .execute();
}

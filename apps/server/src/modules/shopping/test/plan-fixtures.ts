// Products with a category and pack size, and prices with promotions and multibuys, written
// straight into the catalogue tables for the plan and alternatives tests (issue 13).
import { kindKey } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { forgetCachedPrices } from '../../products/price-cache.js';

export interface KindFixture {
  name: string;
  brand?: string | null;
  displayUnits?: string | null;
  category?: string | null;
  saleType?: 0 | 1;
}

export async function kindProduct(db: Kysely<DB>, fixture: KindFixture): Promise<number> {
  const now = Date.now();
  const { name } = fixture;
  const brand = fixture.brand ?? null;
  // The catalogue changes behind the ingest's back: what was worked out from it must go, as after one.
  forgetCachedPrices();
  const row = await db
    .insertInto('products')
    .values({
      name,
      brand,
      display_units: fixture.displayUnits ?? null,
      sale_type: fixture.saleType ?? 0,
      minimum_quantity: fixture.saleType === 1 ? 0.1 : 1,
      minimum_increment: fixture.saleType === 1 ? 0.1 : 1,
      image_url: null,
      category: fixture.category ?? null,
      created_at: now,
      updated_at: now,
      withdrawn_at: null,
      kind_key: kindKey({ name, brand }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PriceFixture {
  price: number;
  basePrice?: number;
  promotionType?: number;
  multibuy?: { quantity: number; price: number };
}

export async function priceAt(db: Kysely<DB>, productId: number, storeId: number, fixture: PriceFixture) {
  // Prices change behind the ingest's back here: the cached pairs must go, as after an ingest.
  forgetCachedPrices();
  await db
    .insertInto('prices')
    .values({
      store_id: storeId,
      product_id: productId,
      price: fixture.price,
      base_price: fixture.basePrice ?? fixture.price,
      comparative_price: null,
      comparative_measure: null,
      promotion_type: fixture.promotionType ?? 0,
      multibuy_quantity: fixture.multibuy?.quantity ?? null,
      multibuy_price: fixture.multibuy?.price ?? null,
      observed_at: Date.now(),
    })
    .execute();
}

/** One located store of each chain (1 New World, 2 Pak'nSave, 3 Woolworths), lowest ids first. */
export async function storeOfEachChain(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('stores')
    .select(['id', 'chain', 'latitude', 'longitude'])
    .where('latitude', 'is not', null)
    .orderBy('id')
    .execute();
  const pick = (chain: number) => {
    const found = rows.find((row) => row.chain === chain);
    if (!found) throw new Error(`no store of chain ${chain}`);
    return { id: found.id, latitude: found.latitude as number, longitude: found.longitude as number };
  };
  return { newWorld: pick(1), paknsave: pick(2), woolworths: pick(3), all: rows };
}

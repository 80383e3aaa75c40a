// Products on promotion at a store (promotionType above NewPrice), read through the partial
// index prices_specials.
import { NO_REAL_SAVING, PromotionType } from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

export function specialsRepository(db: Kysely<DB>) {
  const onPromotion = (storeId: number) =>
    db
      .selectFrom('prices as pr')
      .where('pr.store_id', '=', storeId)
      // A literal, not a parameter: only then can the planner use the partial index prices_specials.
      .where(sql<boolean>`pr.promotion_type > ${sql.lit(PromotionType.NewPrice)}`);

  return {
    async count(storeId: number): Promise<number> {
      const row = await onPromotion(storeId)
        .select(db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every product on promotion at the store, in id order (read from the covering index). */
    async promotedIds(storeId: number): Promise<number[]> {
      const rows = await onPromotion(storeId).select('pr.product_id').orderBy('pr.product_id').execute();
      return rows.map((row) => row.product_id);
    },

    /** These products with their price at this store, for a specials card. */
    async cardProducts(storeId: number, productIds: number[]) {
      if (productIds.length === 0) return [];
      return db
        .selectFrom('prices as pr')
        .innerJoin('products as p', 'p.id', 'pr.product_id')
        .select([
          'p.id',
          'p.name',
          'p.brand',
          'p.display_units as displayUnits',
          'p.image_url as imageUrl',
          'pr.price as bestPrice',
        ])
        .where('pr.store_id', '=', storeId)
        .where('pr.product_id', 'in', productIds)
        .execute();
    },

    /**
     * One page of the store's specials, biggest saving first, those rated as no real saving after
     * the real ones (compareSpecials in @kete/shared, the same rule).
     */
    async page(storeId: number, offset: number, limit: number) {
      const fake = sql.join(NO_REAL_SAVING.map((rating) => sql.lit(rating)));
      return onPromotion(storeId)
        .leftJoin('price_verdicts as v', (join) =>
          join.onRef('v.product_id', '=', 'pr.product_id').onRef('v.store_id', '=', 'pr.store_id'),
        )
        .select(['pr.product_id as productId', sql<number>`pr.base_price - pr.price`.as('saving')])
        .orderBy(sql`case when v.deal_rating in (${fake}) then 1 else 0 end`)
        .orderBy(sql`pr.base_price - pr.price`, 'desc')
        .orderBy('pr.product_id')
        .offset(offset)
        .limit(limit)
        .execute();
    },
  };
}

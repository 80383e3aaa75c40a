import { PromotionType, type Statistics } from '@kete/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';

/** Per workspace store: products on promotion and products priced. Stores with none are left out
 * (the screen shows 0 for a missing store). */
export async function statisticsFor(ctx: AppContext, workspaceId: number): Promise<Statistics> {
  const storeIds = await workspaceStoreIds(ctx.db, workspaceId);
  if (storeIds.length === 0) return { specials: [], prices: [] };
  const count = (onlySpecials: boolean) => {
    let query = ctx.db
      .selectFrom('prices')
      .select(['store_id as storeId', ctx.db.fn.countAll<number>().as('count')])
      .where('store_id', 'in', storeIds);
    // A literal so the partial index prices_specials applies (see specials.repository.ts).
    if (onlySpecials) query = query.where(sql<boolean>`promotion_type > ${sql.lit(PromotionType.NewPrice)}`);
    return query.groupBy('store_id').orderBy('store_id').execute();
  };
  const [specials, prices] = await Promise.all([count(true), count(false)]);
  const numbers = (rows: { storeId: number; count: number }[]) =>
    rows.map((r) => ({ storeId: r.storeId, count: Number(r.count) }));
  return { specials: numbers(specials), prices: numbers(prices) };
}

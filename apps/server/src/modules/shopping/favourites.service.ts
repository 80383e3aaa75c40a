// Favourites of a workspace: a set of products, each answered with whether it is on promotion
// at the workspace's stores.
import { type Favourite, isPromotion } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { caps, withinCap } from '../limits/workspace-caps.js';
import { productsForWorkspace, requireProduct } from './catalogue-lookup.js';
import { byName } from './lists.service.js';

export function favouritesService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** Sorted by name; onPromotion when any of its prices at the workspace's stores is one. */
    async list(workspaceId: number): Promise<Favourite[]> {
      const rows = await db
        .selectFrom('favourites')
        .select('product_id')
        .where('workspace_id', '=', workspaceId)
        .execute();
      const products = await productsForWorkspace(
        db,
        workspaceId,
        rows.map((row) => row.product_id),
      );
      return products
        .map((product) => ({
          ...product,
          onPromotion: product.prices.some((price) => isPromotion(price.promotionType)),
        }))
        .sort(byName);
    },

    /** Idempotent: favouriting twice answers the same id. */
    async add(workspaceId: number, productId: number): Promise<{ id: number }> {
      await requireProduct(db, productId);
      await withinCap(db, workspaceId, caps.favourite(workspaceId, productId), (trx) =>
        trx
          .insertInto('favourites')
          .values({ workspace_id: workspaceId, product_id: productId, created_at: ctx.clock.now() })
          .onConflict((oc) => oc.columns(['workspace_id', 'product_id']).doNothing())
          .execute(),
      );
      return db
        .selectFrom('favourites')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
    },

    async remove(workspaceId: number, productId: number): Promise<void> {
      await db
        .deleteFrom('favourites')
        .where('workspace_id', '=', workspaceId)
        .where('product_id', '=', productId)
        .execute();
    },
  };
}

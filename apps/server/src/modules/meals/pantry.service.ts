// What the household already has, counted as on the shopping list (packs, or kg in the product's
// weight steps for loose produce). Subtracted when meals become a list (meal-plan.service.ts).
import {
  compareByName,
  fromQuantityUnits,
  type PantryItem,
  quantityError,
  toQuantityUnits,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../lib/http-error.js';
import { type Cap, withinCap } from '../limits/workspace-caps.js';
import { requireProduct } from '../shopping/catalogue-lookup.js';

const pantryCap = (workspaceId: number, productId: number): Cap => ({
  limit: 'pantryItems',
  field: 'productId',
  count: async (trx) =>
    Number(
      (
        await trx
          .selectFrom('pantry_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .where('product_id', '!=', productId)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
});

export function pantryService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async list(workspaceId: number): Promise<PantryItem[]> {
      const rows = await db
        .selectFrom('pantry_items as p')
        .innerJoin('products as pr', 'pr.id', 'p.product_id')
        .select([
          'p.product_id',
          'p.quantity_units',
          'p.updated_at',
          'pr.name',
          'pr.brand',
          'pr.display_units',
          'pr.image_url',
          'pr.sale_type',
          'pr.minimum_quantity',
          'pr.minimum_increment',
        ])
        .where('p.workspace_id', '=', workspaceId)
        .execute();
      return rows
        .map((row) => ({
          productId: row.product_id,
          name: row.name,
          brand: row.brand,
          displayUnits: row.display_units,
          imageUrl: row.image_url,
          saleType: row.sale_type,
          minimumQuantity: row.minimum_quantity,
          minimumIncrement: row.minimum_increment,
          quantity: fromQuantityUnits(row.quantity_units),
          updatedAt: Number(row.updated_at),
        }))
        .sort((a, b) => compareByName(a, b) || a.productId - b.productId);
    },

    /** Stock by product id, for subtracting. */
    async stock(workspaceId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('pantry_items')
        .select(['product_id', 'quantity_units'])
        .where('workspace_id', '=', workspaceId)
        .execute();
      return new Map(rows.map((row) => [row.product_id, fromQuantityUnits(row.quantity_units)]));
    },

    async set(workspaceId: number, productId: number, quantity: number): Promise<PantryItem> {
      const rule = await requireProduct(db, productId);
      const error = quantityError(rule, quantity);
      if (error) throw fieldError('quantity', error);
      const units = toQuantityUnits(quantity);
      const now = ctx.clock.now();
      await withinCap(db, workspaceId, pantryCap(workspaceId, productId), (trx) =>
        trx
          .insertInto('pantry_items')
          .values({
            workspace_id: workspaceId,
            product_id: productId,
            quantity_units: units,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc
              .columns(['workspace_id', 'product_id'])
              .doUpdateSet({ quantity_units: units, updated_at: now }),
          )
          .execute(),
      );
      const item = (await this.list(workspaceId)).find((found) => found.productId === productId);
      if (!item) throw new Error(`pantry item ${workspaceId}/${productId} vanished`);
      return item;
    },

    async remove(workspaceId: number, productId: number): Promise<void> {
      await db
        .deleteFrom('pantry_items')
        .where('workspace_id', '=', workspaceId)
        .where('product_id', '=', productId)
        .execute();
    },
  };
}

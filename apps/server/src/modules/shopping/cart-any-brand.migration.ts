// Issue 13: a shopping-list item may be bought as any brand, minus the alternatives the shopper
// vetoed (a JSON array of product ids: a handful per item, read and written with the item).
import type { Kysely, Migration } from 'kysely';

export const cartAnyBrandMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('cart_items')
      .addColumn('any_brand', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('cart_items')
      .addColumn('excluded_alternatives', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};

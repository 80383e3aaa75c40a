// 091: shoppers' reports of a wrong price (issue 33 item 5, decision 0020).
// 092: a product's pack size changes, as feeds report them (issue 33 item 7, shrinkflation).
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { withId } from '../../db/migrations/column-types.js';

export function priceReportsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('price_reports'), dialect)
        .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('resolved_at', 'bigint')
        .addColumn('hide_price', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // One open report per user, product, store and kind: the database says so, not a read first.
      await sql`create unique index price_reports_open on price_reports (user_id, product_id, store_id, kind)
        where resolved_at is null`.execute(db);
      // Prices are flagged by (product, store): pricesAt and the plan look reports up this way.
      await db.schema
        .createIndex('price_reports_pair')
        .on('price_reports')
        .columns(['product_id', 'store_id'])
        .execute();
    },
  };
}

export const sizeChangesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('product_size_changes')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .addColumn('from_size', 'text', (c) => c.notNull())
      .addColumn('to_size', 'text', (c) => c.notNull())
      // The shelf price at the store whose feed changed the size, before and with the new size
      // (null: not known), so the change per unit is the unit prices' change.
      .addColumn('from_price', 'integer')
      .addColumn('to_price', 'integer')
      .addPrimaryKeyConstraint('product_size_changes_pk', ['product_id', 'changed_at'])
      .execute();
    await db.schema
      .createIndex('product_size_changes_at')
      .on('product_size_changes')
      .column('changed_at')
      .execute();
  },
};

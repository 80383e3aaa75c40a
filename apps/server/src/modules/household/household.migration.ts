// Issue 35: learned and hand-set aisle orders, the shopping trip, push subscriptions.
import { type Kysely, type Migration, sql } from 'kysely';

export const householdMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('aisle_ticks')
      .addColumn('workspace_id', 'integer', (c) =>
        c.notNull().references('workspaces.id').onDelete('cascade'),
      )
      .addColumn('store_id', 'integer', (c) => c.notNull())
      .addColumn('trip_key', 'bigint', (c) => c.notNull())
      .addColumn('aisle', 'text', (c) => c.notNull())
      .addColumn('ticked_at', 'bigint', (c) => c.notNull())
      // One row per aisle and trip: its first tick (a replayed or repeated tick changes nothing).
      .addPrimaryKeyConstraint('aisle_ticks_pk', ['workspace_id', 'store_id', 'trip_key', 'aisle'])
      .execute();
    await db.schema
      .createIndex('aisle_ticks_recent')
      .on('aisle_ticks')
      .columns(['workspace_id', 'store_id', 'ticked_at'])
      .execute();
    await db.schema
      .createTable('aisle_orders')
      .addColumn('workspace_id', 'integer', (c) =>
        c.notNull().references('workspaces.id').onDelete('cascade'),
      )
      .addColumn('store_id', 'integer', (c) => c.notNull())
      .addColumn('categories', 'text', (c) => c.notNull())
      .addColumn('set_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('aisle_orders_pk', ['workspace_id', 'store_id'])
      .execute();
    await db.schema
      .createTable('shopping_trips')
      .addColumn('workspace_id', 'integer', (c) =>
        c.primaryKey().references('workspaces.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('store_id', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('last_tick_at', 'bigint')
      .execute();
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('endpoint', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('drops', 'text', (c) => c.notNull().defaultTo('instant'))
      .addColumn('shopping', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('added_while_shopping', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .addColumn('drops_checked_to', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user')
      .on('push_subscriptions')
      .column('user_id')
      .execute();
  },
};

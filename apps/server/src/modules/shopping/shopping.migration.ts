import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { withId } from '../../db/migrations/column-types.js';

export function shoppingMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cart_items')
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        // RESTRICT: deleting a product must fail rather than empty someone's shopping list.
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
        .addColumn('quantity_units', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('cart_items_pk', ['workspace_id', 'product_id'])
        .execute();
      await db.schema.createIndex('cart_items_product').on('cart_items').column('product_id').execute();

      await withId(db.schema.createTable('lists'), dialect)
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('lists_workspace_name', ['workspace_id', 'name_key'])
        .execute();

      await db.schema
        .createTable('list_items')
        .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_items_pk', ['list_id', 'product_id'])
        .execute();
      await db.schema.createIndex('list_items_product').on('list_items').column('product_id').execute();

      await withId(db.schema.createTable('favourites'), dialect)
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('favourites_workspace_product', ['workspace_id', 'product_id'])
        .execute();
      await db.schema.createIndex('favourites_product').on('favourites').column('product_id').execute();

      await db.schema
        .createTable('access_grants')
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('granted_by_user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('access_grants_pk', ['workspace_id', 'email'])
        .execute();
      // Sign-in looks up an address's grants.
      await db.schema.createIndex('access_grants_email').on('access_grants').column('email').execute();

      await db.schema
        .createTable('access_requests')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('approved_at', 'bigint')
        .execute();
    },
  };
}

import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './column-types.js';

export function platformMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('features', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('workspaces'), dialect)
        .addColumn('short_code', 'text', (c) => c.notNull().unique())
        .addColumn('shared_name', 'text')
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('workspace_members')
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('access_level', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('workspace_members_user')
        .on('workspace_members')
        .column('user_id')
        .execute();

      await withId(db.schema.createTable('sign_in_codes'), dialect)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_codes_email')
        .on('sign_in_codes')
        .columns(['email', 'created_at'])
        .execute();

      await withId(db.schema.createTable('refresh_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('replaced_by_id', 'integer')
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

      await withId(db.schema.createTable('stores'), dialect)
        .addColumn('chain', 'integer', (c) => c.notNull())
        .addColumn('source_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('city', 'text')
        .addColumn('region', 'text')
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addUniqueConstraint('stores_chain_source', ['chain', 'source_id'])
        .execute();

      await db.schema
        .createTable('workspace_stores')
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('workspace_stores_pk', ['workspace_id', 'store_id'])
        .execute();
    },
  };
}

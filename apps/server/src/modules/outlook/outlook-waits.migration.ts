import type { Kysely, Migration } from 'kysely';

export const outlookWaitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('outlook_waits')
      .addColumn('workspace_id', 'integer', (c) =>
        c.notNull().references('workspaces.id').onDelete('cascade'),
      )
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('store_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('told_at', 'bigint')
      .addPrimaryKeyConstraint('outlook_waits_pk', ['workspace_id', 'product_id', 'store_id'])
      .execute();
  },
};

// Issue 33 item 6 (decision 0022): a household's own "same product". One row per grouped product:
// a product is in at most one group per workspace (the primary key), its group a number within
// the workspace.
import type { Kysely, Migration } from 'kysely';

export const equivalentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('product_equivalents')
      .addColumn('workspace_id', 'integer', (c) =>
        c.notNull().references('workspaces.id').onDelete('cascade'),
      )
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('group_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_equivalents_pk', ['workspace_id', 'product_id'])
      .execute();
  },
};

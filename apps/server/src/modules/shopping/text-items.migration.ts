// Issue 49 item 2: free-text items on the shopping list and on named lists (no product; a count).
// Own tables rather than a nullable product_id in cart_items and list_items, whose keys are
// (workspace, product) and (list, product): every price, plan and cap query there stays as it is.
// On PostgreSQL the shopping list's cap, checked inside each product insert (cart-room.migration.ts),
// now counts these rows too.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { withId } from '../../db/migrations/column-types.js';

export function textItemsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('cart_text_items'), dialect)
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cart_text_items_workspace')
        .on('cart_text_items')
        .column('workspace_id')
        .execute();

      await withId(db.schema.createTable('list_text_items'), dialect)
        .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('list_text_items_list').on('list_text_items').column('list_id').execute();

      if (dialect !== 'postgres') return;
      await sql`
create or replace function kete_cart_has_room(workspace integer, product integer, cap integer) returns boolean
language plpgsql volatile as $$
declare
  used bigint;
begin
  perform 1 from workspaces where id = workspace for no key update;
  select count(*) into used from cart_items where workspace_id = workspace and product_id <> product;
  used := used + (select count(*) from cart_text_items where workspace_id = workspace);
  if used >= cap then
    raise exception 'the shopping list is full' using errcode = 'KTCAP';
  end if;
  return true;
end $$`.execute(db);
    },
  };
}

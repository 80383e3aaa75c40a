// Issue 15 (speed): on PostgreSQL, the shopping list's cap is checked inside the insert itself.
// kete_cart_has_room takes the workspace's lock (the row lock lockWorkspace's no-op update takes)
// and only then counts: a VOLATILE function's statements each take a fresh snapshot, so the count
// sees every row a writer that held the lock before it committed. Full, it raises SQLSTATE KTCAP
// (workspace-caps.ts turns that into the 400). One statement instead of BEGIN, lock, count,
// insert and COMMIT: five round trips down to one, the lock held for one statement only.
// SQLite needs none of it: its write transaction holds the database's write lock from the start.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';

export function cartRoomMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
create or replace function kete_cart_has_room(workspace integer, product integer, cap integer) returns boolean
language plpgsql volatile as $$
declare
  used bigint;
begin
  perform 1 from workspaces where id = workspace for no key update;
  select count(*) into used from cart_items where workspace_id = workspace and product_id <> product;
  if used >= cap then
    raise exception 'the shopping list is full' using errcode = 'KTCAP';
  end if;
  return true;
end $$`.execute(db);
    },
  };
}

// PostgreSQL: the store and product keys of prices and price_history checked once per statement
// instead of once per row. The ingest writes ~10M rows of each; a foreign key runs a trigger per
// row (a lookup and a row lock in stores and in products), which was ~60% of each 20,000-row
// insert (EXPLAIN ANALYZE: 290 of 544 ms for prices). These triggers keep the same guarantees:
// - a statement that writes a row whose store or product does not exist fails (SQLSTATE 23503,
//   "foreign key" in the message, as before), and nothing of it is kept;
// - the rows it refers to are locked FOR KEY SHARE until it commits, as a foreign key check
//   locks them, so a concurrent delete of that store or product waits and then sees the rows;
// - deleting a store or product that prices or history still refer to fails (23503);
// - a store's or product's id never changes (the foreign keys were NO ACTION on update).
// SQLite keeps its foreign keys: they cost it little (prices are WITHOUT ROWID b-trees there).
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';

const WRITTEN_ROWS_CHECK = sql`
create function kete_price_keys_exist() returns trigger language plpgsql as $$
declare
  wanted bigint;
  found bigint;
begin
  select count(distinct store_id) into wanted from new_rows;
  select count(*) into found
    from (select 1 from stores where id in (select store_id from new_rows) for key share) s;
  if found < wanted then
    raise foreign_key_violation using message = format(
      'insert or update on table "%s" violates foreign key constraint: a store does not exist', tg_table_name);
  end if;
  select count(distinct product_id) into wanted from new_rows;
  select count(*) into found
    from (select 1 from products where id in (select product_id from new_rows) for key share) p;
  if found < wanted then
    raise foreign_key_violation using message = format(
      'insert or update on table "%s" violates foreign key constraint: a product does not exist', tg_table_name);
  end if;
  return null;
end $$`;

/** After a delete from stores or products: none of the deleted ids may still be referred to. */
const deletedRowsCheck = (table: 'stores' | 'products', column: 'store_id' | 'product_id') => sql`
create function ${sql.raw(`kete_${table}_unreferenced`)}() returns trigger language plpgsql as $$
begin
  if exists (select 1 from old_rows o where exists (select 1 from prices r where r.${sql.raw(column)} = o.id))
     or exists (select 1 from old_rows o where exists (select 1 from price_history r where r.${sql.raw(column)} = o.id)) then
    raise foreign_key_violation using message = format(
      'update or delete on table "%s" violates foreign key constraint: prices or price history refer to it', tg_table_name);
  end if;
  return null;
end $$`;

const FIXED_ID = sql`
create function kete_id_is_fixed() returns trigger language plpgsql as $$
begin
  raise foreign_key_violation using message = format(
    'update on table "%s" violates foreign key constraint: ids are referred to and cannot change', tg_table_name);
end $$`;

export function priceKeyChecksMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const table of ['prices', 'price_history']) {
        for (const column of ['store_id', 'product_id']) {
          await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_${column}_fkey`)}`.execute(
            db,
          );
        }
      }
      await WRITTEN_ROWS_CHECK.execute(db);
      for (const table of ['prices', 'price_history']) {
        for (const event of ['insert', 'update']) {
          await sql`create trigger ${sql.raw(`${table}_keys_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
            referencing new table as new_rows for each statement
            execute function kete_price_keys_exist()`.execute(db);
        }
      }
      for (const [table, column] of [
        ['stores', 'store_id'],
        ['products', 'product_id'],
      ] as const) {
        await deletedRowsCheck(table, column).execute(db);
        await sql`create trigger ${sql.raw(`${table}_unreferenced`)} after delete on ${sql.table(table)}
          referencing old table as old_rows for each statement
          execute function ${sql.raw(`kete_${table}_unreferenced`)}()`.execute(db);
      }
      await FIXED_ID.execute(db);
      for (const table of ['stores', 'products']) {
        await sql`create trigger ${sql.raw(`${table}_id_fixed`)} before update of id on ${sql.table(table)}
          for each row when (old.id is distinct from new.id)
          execute function kete_id_is_fixed()`.execute(db);
      }
    },
  };
}

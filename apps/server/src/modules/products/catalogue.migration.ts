import { type Kysely, type Migration, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { withId } from '../../db/migrations/column-types.js';

export function catalogueModelMigration(dialect: Dialect): Migration {
  // Prices and history are looked up by their key only; on SQLite a WITHOUT ROWID table keeps the
  // rows in that key's order, saving one b-tree per row (ingest writes ~10M of them).
  const clustered = <T extends { modifyEnd(modifier: RawBuilder<unknown>): T }>(table: T): T =>
    dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;

  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('products'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('brand', 'text')
        .addColumn('display_units', 'text')
        .addColumn('sale_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('minimum_quantity', 'double precision', (c) => c.notNull().defaultTo(1))
        .addColumn('minimum_increment', 'double precision', (c) => c.notNull().defaultTo(1))
        .addColumn('image_url', 'text')
        .addColumn('category', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('withdrawn_at', 'bigint')
        .execute();

      await db.schema
        .createTable('product_sources')
        .addColumn('chain', 'integer', (c) => c.notNull())
        .addColumn('product_key', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addPrimaryKeyConstraint('product_sources_pk', ['chain', 'product_key'])
        .execute();
      await db.schema
        .createIndex('product_sources_product')
        .on('product_sources')
        .column('product_id')
        .execute();

      await db.schema
        .createTable('product_barcodes')
        .addColumn('barcode', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .execute();
      await db.schema
        .createIndex('product_barcodes_product')
        .on('product_barcodes')
        .column('product_id')
        .execute();

      // Keyed (store, product): search and detail read "these products at these stores", which the
      // key answers directly; specials and statistics read one store's rows.
      await clustered(
        db.schema
          .createTable('prices')
          .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id'))
          .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
          .addColumn('price', 'integer', (c) => c.notNull())
          .addColumn('base_price', 'integer', (c) => c.notNull())
          .addColumn('comparative_price', 'integer')
          .addColumn('comparative_measure', 'text')
          .addColumn('promotion_type', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('multibuy_quantity', 'integer')
          .addColumn('multibuy_price', 'integer')
          .addColumn('observed_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('prices_pk', ['store_id', 'product_id']),
      ).execute();
      // Specials: about 8% of a store's rows, so a partial index keeps them one range scan away.
      // It carries every column the specials queries read (covering), so counting and paging a
      // store's specials never touch the 10M-row table: 38 µs instead of 425 µs for a count.
      await sql`create index prices_specials on prices (store_id, product_id, promotion_type, price, base_price)
        where promotion_type > 1`.execute(db);

      // One row per change (price null: delisted). Keyed by time so replaying a feed cannot add
      // a second row for the same observation.
      await clustered(
        db.schema
          .createTable('price_history')
          .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
          .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id'))
          .addColumn('observed_at', 'bigint', (c) => c.notNull())
          .addColumn('price', 'integer')
          .addColumn('base_price', 'integer')
          .addColumn('promotion_type', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('multibuy_quantity', 'integer')
          .addColumn('multibuy_price', 'integer')
          .addPrimaryKeyConstraint('price_history_pk', ['product_id', 'store_id', 'observed_at']),
      ).execute();
    },
  };
}

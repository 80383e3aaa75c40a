// The search index: SQLite FTS5 or PostgreSQL full-text, both fed the same normalised document
// (search-text.ts) by the ingest, one row per product.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../../../db/database.js';

export function catalogueSearchMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        // rowid is the product id. Prefix indexes of 1-3 characters make "mi*" as cheap as "milk".
        await sql`create virtual table product_search using fts5(
          title, extra, tokenize = 'unicode61', prefix = '1 2 3')`.execute(db);
        return;
      }
      await sql`create table product_search (
        product_id integer primary key references products (id),
        document tsvector not null)`.execute(db);
      await sql`create index product_search_document on product_search using gin (document)`.execute(db);
    },
  };
}

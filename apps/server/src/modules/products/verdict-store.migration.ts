// Stored verdicts (decision 0011): each current price's verdict, computed from its history after
// an ingest and each day as it falls due, so search, product and cart answers read one row beside
// the price instead of the price's whole history.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';

export function priceVerdictsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Keyed like price_history (product, store): the daily refresh walks both in key order.
      // `price` and `promotion_type` are the current price the verdict was computed for: a reader
      // uses the verdict only while the price is still that one.
      const table = db.schema
        .createTable('price_verdicts')
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('store_id', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('promotion_type', 'integer', (c) => c.notNull())
        .addColumn('prior_price', 'integer')
        .addColumn('usual_price', 'integer')
        .addColumn('lowest_365', 'integer')
        .addColumn('deal_rating', 'text')
        // The days (since 1970, UTC) it holds: valid_from <= today < valid_until.
        .addColumn('valid_from', 'integer', (c) => c.notNull())
        .addColumn('valid_until', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('price_verdicts_pk', ['product_id', 'store_id']);
      await (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
    },
  };
}

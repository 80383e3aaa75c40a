// 020: the lease that keeps two refreshes from running at once, across processes and hosts.
// 021: store facts the chains publish: Woolworths' online-shop store id and opening hours.
// 090: the last refresh of each store, for `kete status` and GET /api/status (issue 33).
import { type Kysely, type Migration, sql } from 'kysely';
import { woolworthsStoreIds } from '../adapters/woolworths-store-ids.js';

export const refreshLeaseMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

export const storeFactsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('stores').addColumn('online_store_id', 'text').execute();
    await db.schema.alterTable('stores').addColumn('opening_hours', 'text').execute();
    // Stores seeded before this migration (Woolworths is chain 3) get their online-shop id now.
    for (const ids of woolworthsStoreIds().values()) {
      await sql`update stores set online_store_id = ${ids.fulfilmentStoreId}
        where chain = 3 and source_id = ${ids.siteId}`.execute(db);
    }
  },
};

export const refreshResultsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('refresh_results')
      .addColumn('store_id', 'integer', (c) => c.primaryKey())
      .addColumn('finished_at', 'bigint', (c) => c.notNull())
      .addColumn('ok', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .execute();
  },
};

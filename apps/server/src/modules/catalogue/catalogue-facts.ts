// Facts about the catalogue as a whole. One for now: whether its prices are the generated demo
// ones, so the app can say so on every screen that shows them. The demo is marked 'loading' before
// anything of it is written and '1' once its products are (demo/demo-catalogue.ts): a demo still
// loading, or whose loading was interrupted, is a demo all the same.
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface CatalogueFactsTable {
  key: string;
  value: string;
}

export const DEMO = 'demo-catalogue';
/** The demo's states: being written (or interrupted while it was), and written. */
export const DEMO_LOADING = 'loading';
export const DEMO_READY = '1';

/** Which stores hold their demo prices (demo/demo-store-loads.migration.ts). */
export interface DemoStoreLoadsTable {
  store_id: number;
  loaded_at: number;
}

export const catalogueFactsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('catalogue_facts')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};

export async function isDemoCatalogue(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('catalogue_facts')
    .select('value')
    .where('key', '=', DEMO)
    .executeTakeFirst();
  return row?.value === DEMO_READY || row?.value === DEMO_LOADING;
}

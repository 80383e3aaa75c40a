// Facts about the catalogue as a whole. One for now: whether its prices are the generated demo
// ones, so the app can say so on every screen that shows them.
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface CatalogueFactsTable {
  key: string;
  value: string;
}

const DEMO = 'demo-catalogue';

export const catalogueFactsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('catalogue_facts')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};

export async function markDemoCatalogue(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('catalogue_facts')
    .values({ key: DEMO, value: '1' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
    .execute();
}

export async function isDemoCatalogue(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('catalogue_facts')
    .select('value')
    .where('key', '=', DEMO)
    .executeTakeFirst();
  return row?.value === '1';
}

// Which stores hold their demo prices (decision 0016): the demo catalogue is written store by
// store, when a shopping list first chooses a store, so a first start does not wait for 389 stores.
// A store's row is written in the same transaction as its prices, so a store is either wholly
// loaded or not at all. A demo catalogue from before this was loaded whole at its first start: every
// store it has is marked loaded.
import { type Kysely, type Migration, sql } from 'kysely';

export const demoStoreLoadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('demo_store_loads')
      .addColumn('store_id', 'integer', (c) => c.primaryKey().references('stores.id'))
      .addColumn('loaded_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into demo_store_loads (store_id, loaded_at)
      select id, 0 from stores
      where exists (select 1 from catalogue_facts where key = 'demo-catalogue' and value = '1')`.execute(db);
  },
};

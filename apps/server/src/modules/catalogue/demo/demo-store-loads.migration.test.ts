// Upgrading a demo catalogue that an older Kete wrote whole at its first start: every store it
// has counts as loaded, so no store's demo prices are written a second time.
import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { allMigrations, migrateToLatest } from '../../../db/migrations/index.js';
import { seedStores } from '../../../db/seed/stores.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

async function olderRelease(demo: boolean): Promise<TestDatabase> {
  const db = await createTestDatabase();
  const older = Object.fromEntries(
    Object.entries(allMigrations(db.dialect)).filter(([name]) => name !== '070-demo-store-loads'),
  );
  const migrator = new Migrator({
    db: db.db as Kysely<unknown>,
    provider: { getMigrations: async () => older },
    allowUnorderedMigrations: true,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await seedStores(db.db);
  if (demo) await db.db.insertInto('catalogue_facts').values({ key: 'demo-catalogue', value: '1' }).execute();
  return db;
}

const loadedStores = async (db: TestDatabase) =>
  Number(
    (await db.db.selectFrom('demo_store_loads').select(db.db.fn.countAll().as('n')).executeTakeFirstOrThrow())
      .n,
  );

describe('070-demo-store-loads', () => {
  it("marks every store of an older Kete's demo catalogue loaded", async () => {
    database = await olderRelease(true);
    await migrateToLatest(database);
    const stores = await database.db
      .selectFrom('stores')
      .select(database.db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stores.n)).toBeGreaterThan(300);
    expect(await loadedStores(database)).toBe(Number(stores.n));
  });

  it('marks none where the catalogue is not the demo', async () => {
    database = await olderRelease(false);
    await migrateToLatest(database);
    expect(await loadedStores(database)).toBe(0);
  });
});

// Upgrading a demo catalogue that an older Kete wrote whole at its first start: every store it
// has counts as loaded, so no store's demo prices are written a second time.
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../db/migrations/index.js';
import { seedStores } from '../../../db/seed/stores.js';
import { migrateAsOlderRelease } from '../../../test/older-release.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

async function olderRelease(demo: boolean): Promise<TestDatabase> {
  const db = await createTestDatabase();
  await migrateAsOlderRelease(db, (name) => name !== '070-demo-store-loads');
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

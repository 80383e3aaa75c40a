// Upgrading a database that an older Kete created: new migrations of one module must apply even
// when they sort before migrations another module already ran.
import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { allMigrations, migrateToLatest } from './index.js';

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

describe('migrations', () => {
  it('upgrade a database where a later module ran before a newer migration of an earlier one', async () => {
    database = await createTestDatabase();
    const all = allMigrations(database.dialect);
    const names = Object.keys(all).sort();
    const newest = names.filter((name) => name.startsWith('00')).at(-1) as string;
    expect(names.some((name) => name > newest)).toBe(true);

    // An older release: everything except the newest catalogue migration.
    const older = Object.fromEntries(Object.entries(all).filter(([name]) => name !== newest));
    const oldRelease = new Migrator({
      db: database.db as Kysely<unknown>,
      provider: { getMigrations: async () => older },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await oldRelease.migrateToLatest()).error).toBeUndefined();

    await migrateToLatest(database);
    const applied = await new Migrator({
      db: database.db as Kysely<unknown>,
      provider: { getMigrations: async () => all },
      allowUnorderedMigrations: true,
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    }).getMigrations();
    expect(applied.filter((m) => m.executedAt === undefined)).toEqual([]);
  });

  it('are idempotent at start-up', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database);
    await migrateToLatest(database);
  });
});

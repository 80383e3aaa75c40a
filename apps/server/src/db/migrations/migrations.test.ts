// Upgrading a database that an older Kete created: new migrations of one module must apply even
// when they sort before migrations another module already ran.
import { type Kysely, type Migration, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateAsOlderRelease } from '../../test/older-release.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { allMigrations, migrateToLatest } from './index.js';
import { NewerDatabaseError, runMigrations } from './runner.js';

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

/** The migrations the database records as applied (Kysely's bookkeeping table), in name order. */
async function appliedNames(applied: TestDatabase): Promise<string[]> {
  const db = applied.db as unknown as Kysely<{ kysely_migration: { name: string } }>;
  const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}

describe('migrations', () => {
  it('upgrade a database where a later module ran before a newer migration of an earlier one', async () => {
    database = await createTestDatabase();
    const all = allMigrations(database.dialect);
    const names = Object.keys(all).sort();
    const newest = names.filter((name) => name.startsWith('00')).at(-1) as string;
    expect(names.some((name) => name > newest)).toBe(true);

    // An older release: everything except the newest catalogue migration.
    await migrateAsOlderRelease(database, (name) => name !== newest);
    expect(await appliedNames(database)).not.toContain(newest);

    await migrateToLatest(database);
    expect(await appliedNames(database)).toEqual(names);
  });

  it('are idempotent at start-up', async () => {
    database = await createTestDatabase();
    await migrateToLatest(database);
    await migrateToLatest(database);
  });
});

describe('each migration in its own transaction', () => {
  it('keeps nothing of a migration that fails part-way, and applies it whole on the next start', async () => {
    database = await createTestDatabase();
    const all = allMigrations(database.dialect);
    let fail = true;
    const halfDone: Migration = {
      async up(db) {
        await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
        await sql`insert into half_done (id) values (1)`.execute(db);
        // A full disk or a lost connection between two statements of one migration.
        if (fail) throw new Error('disk I/O error');
        await db.schema.alterTable('half_done').addColumn('note', 'text').execute();
      },
    };
    const withHalfDone = { ...all, '099-half-done': halfDone };
    await expect(runMigrations(database, withHalfDone)).rejects.toThrow(
      /^Database migration failed \(099-half-done\), nothing of it was kept: Error: disk I\/O error/,
    );
    // This schema's tables only: introspection reads every schema, which other test files drop.
    const tables = (
      database.dialect === 'postgres'
        ? await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema()`.execute(database.db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
            database.db,
          )
    ).rows.map((t) => t.name);
    expect(tables).not.toContain('half_done');
    expect(tables).toContain('price_alert_state'); // the ones before it are kept

    fail = false;
    await runMigrations(database, withHalfDone);
    const rows = await sql<{ id: number }>`select id from half_done`.execute(database.db);
    expect(rows.rows).toEqual([{ id: 1 }]);
  });

  it('an older Kete started on a newer database says so, naming the migration it does not know', async () => {
    database = await createTestDatabase();
    const all = allMigrations(database.dialect);
    const newer: Migration = { up: async () => {} };
    await runMigrations(database, { ...all, '099-from-a-newer-kete': newer });
    const failure = migrateToLatest(database);
    await expect(failure).rejects.toBeInstanceOf(NewerDatabaseError);
    await expect(failure).rejects.toThrow(
      'Kete cannot start: this database was written by a newer version of Kete: it has migration 099-from-a-newer-kete, which this version does not know.',
    );
  });
});

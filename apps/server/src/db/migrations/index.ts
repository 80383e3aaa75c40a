// Migrations live in code (not files found at run time) so the compiled server carries them.
// Append new ones; never edit one that has shipped.
import { type Kysely, type Migration, Migrator } from 'kysely';
import { serverModules } from '../../modules/index.js';
import type { Database } from '../database.js';
import { platformMigration } from './001-platform.js';
import { refreshTokensKeyedMigration } from './050-refresh-tokens-keyed.js';

// Kysely runs migrations in the order of their names, so modules name theirs to sort after the
// tables they refer to: platform 001, catalogue 002-009, shopping 010-019. A module's new migration
// can sort before another module's applied one (catalogue 004 after shopping 010), so pending ones
// may run out of order: each module's migrations depend only on its own earlier ones and the
// platform's, which always ran first.
export function allMigrations(dialect: Database['dialect']): Record<string, Migration> {
  const migrations: Record<string, Migration> = {
    '001-platform': platformMigration(dialect),
    '050-refresh-tokens-keyed': refreshTokensKeyedMigration,
  };
  for (const module of serverModules) {
    for (const [name, migration] of Object.entries(module.migrations?.(dialect) ?? {})) {
      if (migrations[name]) throw new Error(`two migrations are named ${name}`);
      migrations[name] = migration;
    }
  }
  return migrations;
}

export async function migrateToLatest({ db, dialect, schema }: Database): Promise<void> {
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    // Without a schema Kysely looks for its own tables in every schema it can see.
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => allMigrations(dialect) },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}

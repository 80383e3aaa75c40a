// Migrations live in code (not files found at run time) so the compiled server carries them.
// Append new ones; never edit one that has shipped.
import { type Kysely, type Migration, Migrator } from 'kysely';
import type { Database } from '../database.js';
import { platformMigration } from './001-platform.js';

function allMigrations(dialect: Database['dialect']): Record<string, Migration> {
  return {
    '001-platform': platformMigration(dialect),
  };
}

export async function migrateToLatest({ db, dialect, schema }: Database): Promise<void> {
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    // Without a schema Kysely looks for its own tables in every schema it can see.
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => allMigrations(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}

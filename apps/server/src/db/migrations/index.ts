// Migrations live in code (not files found at run time) so the compiled server carries them.
// Append new ones; never edit one that has shipped.
import type { Migration } from 'kysely';
import { serverModules } from '../../modules/index.js';
import type { Database } from '../database.js';
import { platformMigration } from './001-platform.js';
import { refreshTokensKeyedMigration } from './050-refresh-tokens-keyed.js';
import { type MigrationProgress, runMigrations } from './runner.js';

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

/** What an upgrade prints: an operator sees it start and end (a large one can take a while). */
const printedProgress: MigrationProgress = {
  upgrading: (pending) =>
    console.log(
      `Upgrading the database: ${pending.length} migration${pending.length === 1 ? '' : 's'} (${pending[0]}${pending.length > 1 ? ` to ${pending.at(-1)}` : ''}), each kept whole or not at all`,
    ),
  upgraded: (count, ms) =>
    console.log(
      `Database upgraded: ${count} migration${count === 1 ? '' : 's'} in ${(ms / 1000).toFixed(1)} s`,
    ),
};

export async function migrateToLatest(database: Database, progress = printedProgress): Promise<void> {
  await runMigrations(database, allMigrations(database.dialect), progress);
}

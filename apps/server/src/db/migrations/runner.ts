// Runs migrations, each in its own transaction together with the row that records it, on SQLite as
// on PostgreSQL. Kysely's Migrator runs SQLite's without a transaction: a full disk or a kill -9
// half-way through one left a database no later start could open (`duplicate column name`, `table
// "rate_limits" already exists`) without SQL by hand. Here a migration is applied whole or not at
// all, so a start after any interruption carries on where the last one stopped (decision 0015).
//
// The bookkeeping is Kysely's own table (`kysely_migration`: name, timestamp), so databases that
// earlier releases migrated with Kysely's Migrator carry on, and an earlier release started on a
// database this one migrated reads it too.
import { type Kysely, type Migration, sql, type Transaction } from 'kysely';
import { ConfigError } from '../../config.js';
import type { Database } from '../database.js';

const MIGRATION_TABLE = 'kysely_migration';
/** The advisory lock Kysely's Migrator takes on PostgreSQL: it and this runner exclude each other. */
const POSTGRES_MIGRATION_LOCK = sql.lit(BigInt('3853314791062309107'));

/** An older Kete on a database a newer one has migrated: said plainly (printed as a bad setting is), naming what it lacks. */
export class NewerDatabaseError extends ConfigError {
  constructor(readonly unknownMigrations: string[]) {
    const [first] = unknownMigrations;
    const more = unknownMigrations.length > 1 ? ` and ${unknownMigrations.length - 1} more` : '';
    super(
      `Kete cannot start: this database was written by a newer version of Kete: it has migration ${first}${more}, which this version does not know. Start that newer version (or a later one) instead; to go back to this version, restore a backup made before the upgrade.`,
    );
  }
}

export interface MigrationProgress {
  /** Before the first pending migration of a database that already had some (an upgrade). */
  upgrading(pending: string[]): void;
  upgraded(count: number, ms: number): void;
}

/** Kysely's table of applied migrations (the only table this file knows). */
interface MigrationTables {
  kysely_migration: { name: string; timestamp: string };
}
type AnyDb = Kysely<MigrationTables>;

function migrationTable(db: AnyDb, schema: string | undefined) {
  return schema ? db.withSchema(schema) : db;
}

async function appliedMigrations(db: AnyDb, schema: string | undefined): Promise<Set<string>> {
  const rows = await migrationTable(db, schema).selectFrom(MIGRATION_TABLE).select('name').execute();
  return new Set(rows.map((row) => row.name));
}

/** Applies every migration not yet applied, in name order, each in its own transaction. */
export async function runMigrations(
  { db, dialect, schema }: Database,
  migrations: Record<string, Migration>,
  progress?: MigrationProgress,
): Promise<void> {
  const migrationDb = db as unknown as AnyDb;
  await migrationTable(migrationDb, schema)
    .schema.createTable(MIGRATION_TABLE)
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
    .execute();

  const applied = await appliedMigrations(migrationDb, schema);
  const unknown = [...applied].filter((name) => !migrations[name]).sort();
  if (unknown.length > 0) throw new NewerDatabaseError(unknown);
  const pending = Object.keys(migrations)
    .sort()
    .filter((name) => !applied.has(name));
  if (pending.length === 0) return;
  const started = Date.now();
  if (applied.size > 0) progress?.upgrading(pending);

  for (const name of pending) {
    const migration = migrations[name] as Migration;
    try {
      await migrationDb.transaction().execute(async (trx: Transaction<MigrationTables>) => {
        // SQLite's write transaction already excludes every other writer; PostgreSQL's needs the
        // lock, so two servers starting at once do not both apply it.
        if (dialect === 'postgres')
          await sql`select pg_advisory_xact_lock(${POSTGRES_MIGRATION_LOCK})`.execute(trx);
        if ((await appliedMigrations(trx, schema)).has(name)) return; // another process just did
        await migration.up(trx);
        await migrationTable(trx, schema)
          .insertInto(MIGRATION_TABLE)
          .values({ name, timestamp: new Date().toISOString() })
          .execute();
      });
    } catch (error) {
      throw new Error(`Database migration failed (${name}), nothing of it was kept: ${String(error)}`, {
        cause: error,
      });
    }
  }
  if (applied.size > 0) progress?.upgraded(pending.length, Date.now() - started);
}

// A database as an older Kete left it: the migrations it knew, applied, and no later ones.
//
// Not with Kysely's Migrator: on PostgreSQL it asks whether its tables exist through Kysely's
// introspection, which reads every schema of the database and resolves each table by name. The
// test files share one database, a schema each, and drop theirs when done; a schema dropped in the
// middle of that read failed the test that was reading ("schema t_... does not exist", CI, sixth
// stop). Kete's own runner keeps the same bookkeeping table Kysely's Migrator keeps (runner.ts),
// so the database is the same either way. That an older release that did use Kysely's Migrator
// upgrades is shown by upgrade-kill.process.test.ts, on a database of its own.
import type { Database } from '../db/database.js';
import { allMigrations } from '../db/migrations/index.js';
import { runMigrations } from '../db/migrations/runner.js';

/** Applies the migrations whose names `knew` accepts, as the older release did. */
export async function migrateAsOlderRelease(
  database: Database,
  knew: (name: string) => boolean,
): Promise<void> {
  const older = Object.fromEntries(
    Object.entries(allMigrations(database.dialect)).filter(([name]) => knew(name)),
  );
  await runMigrations(database, older);
}

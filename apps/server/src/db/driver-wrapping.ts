// Kete wraps Kysely's drivers (watched-writes.ts: which tables a write touched; postgres-grouping-
// driver.ts: group commit on PostgreSQL). A wrapper changes the driver only: the dialect's adapter,
// query compiler and introspector stay its own, and savepoints go to the inner driver's connection.
import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/** The dialect with its driver wrapped by `wrap`. */
export function withDriver(dialect: Dialect, wrap: (inner: Driver) => Driver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => wrap(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

const SAVEPOINT_CALLS = ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const;

/** Savepoints pass through to the inner driver's own connection, where the inner driver has them. */
export function passSavepoints(
  driver: Pick<Driver, (typeof SAVEPOINT_CALLS)[number]>,
  inner: Driver,
  innerConnection: (connection: DatabaseConnection) => DatabaseConnection | Promise<DatabaseConnection>,
): void {
  for (const call of SAVEPOINT_CALLS) {
    const own = inner[call];
    if (own)
      driver[call] = async (c, name, compile) => own.call(inner, await innerConnection(c), name, compile);
  }
}

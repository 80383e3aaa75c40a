// Errors that mean "the database cannot serve just now", not "this request is wrong": PostgreSQL
// restarting or unreachable, a connection cut mid-query, no pool connection in time, or SQLite's
// write lock held past the busy timeout. The error handler answers them 503 so a client retries,
// instead of 500 (a bug) or a hang.

/** Node socket errors of a connection that failed or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres throws when its connection is gone (these carry no code). */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (SOCKET_CODES.has(code) || POSTGRES_CODES.has(code)) return true;
      // SQLSTATE class 08: connection exception.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
      if (code.startsWith('SQLITE_BUSY')) return true;
    }
    if (PG_MESSAGES.some((message) => e instanceof Error && e.message.startsWith(message))) return true;
    // AggregateError (a host with several addresses, all refused).
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Kete cannot reach its database just now. Please try again in a moment.';

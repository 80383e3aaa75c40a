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

/**
 * PostgreSQL codes that mean "this server cannot serve Kete just now", each with the short reason
 * GET /api/ready gives. A renamed or dropped database (3D000) and a changed password (28P01) or
 * role (28000) are an operator's fault being fixed, not a bug in the request: 503, try again.
 */
const POSTGRES_REASONS: Record<string, string> = {
  '57P01': 'shutting down',
  '57P02': 'crashed',
  '57P03': 'starting up',
  '53300': 'too many connections',
  '3D000': 'database does not exist',
  '28P01': 'password refused',
  '28000': 'role refused',
};

const SOCKET_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ETIMEDOUT: 'connection timed out',
};

/** What node-postgres throws when its connection is gone (these carry no code). */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Why the database cannot serve, in a few words (GET /api/ready, start-up's waiting lines), or
 * undefined when `error` is something else (a bug, a constraint): never the driver's own text,
 * which may name hosts, roles or files.
 */
export function unavailableReason(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      const known = POSTGRES_REASONS[code] ?? SOCKET_REASONS[code];
      if (known) return known;
      if (SOCKET_CODES.has(code)) return 'connection lost';
      // SQLSTATE class 08: connection exception.
      if (/^08[0-9A-Z]{3}$/.test(code)) return 'connection failed';
      if (code.startsWith('SQLITE_BUSY')) return 'busy';
    }
    if (e.message.startsWith('timeout exceeded when trying to connect')) return 'connection timed out';
    if (PG_MESSAGES.some((message) => e instanceof Error && e.message.startsWith(message)))
      return 'connection lost';
    // AggregateError (a host with several addresses, all refused).
    if (e instanceof AggregateError) {
      for (const inner of e.errors) {
        const reason = unavailableReason(inner);
        if (reason) return reason;
      }
    }
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== undefined;
}

/** The words (issue 48), for every request that cannot reach the database. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Kete cannot reach its database; try again shortly';

// The pool Kysely draws PostgreSQL connections from, with one fix: a connection whose session
// PostgreSQL ended under a query goes back to the pool as broken, so the pool drops it.
//
// Why: when PostgreSQL ends a session (pg_terminate_backend, a restart) it first sends the FATAL
// error, which fails the running query, and closes the socket a moment later. Kysely releases the
// connection as soon as the query fails; node-postgres only drops a released client it already
// knows to be closed. On a busy machine the close came after the release, and the next query was
// handed the dead connection ("Connection terminated unexpectedly"): one more failed request.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable.js';

/** Errors after which this session cannot be used again: FATAL, or the connection itself failing. */
function endsTheSession(error: unknown): boolean {
  return (error as { severity?: unknown }).severity === 'FATAL' || isDatabaseUnavailable(error);
}

/**
 * The client as Kysely uses it: a query that ends the session marks it, and the release that
 * follows hands the pool that error, which tells it to destroy the client instead of keeping it.
 */
function releasingEndedSession(raw: pg.PoolClient): PostgresPoolClient {
  let endedBy: unknown;
  const query = (text: unknown, parameters?: unknown) => {
    // A cursor (Kysely's streaming) is passed on as it is; Kete does not stream.
    if (typeof text !== 'string') return raw.query(text as never);
    return raw.query(text, parameters as unknown[]).catch((error: unknown) => {
      if (endsTheSession(error)) endedBy = error;
      throw error;
    });
  };
  return {
    query: query as unknown as PostgresPoolClient['query'],
    release: () => {
      const error = endedBy as Error | undefined;
      endedBy = undefined;
      raw.release(error);
    },
  };
}

export function poolDroppingEndedSessions(pool: pg.Pool): PostgresPool {
  // One wrapper per pg client, so Kysely (which keys its connections by client) sees the same one.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const raw = await pool.connect();
      let client = wrappers.get(raw);
      if (!client) {
        client = releasingEndedSession(raw);
        wrappers.set(raw, client);
      }
      return client;
    },
    end: () => pool.end(),
  };
}

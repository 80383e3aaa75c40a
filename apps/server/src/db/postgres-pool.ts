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

interface TrackedClient {
  client: PostgresPoolClient;
  /** Set by a query that ended the session; cleared when the pool hands the client out again. */
  endedBy: Error | undefined;
}

export function poolDroppingEndedSessions(pool: pg.Pool): PostgresPool {
  // One wrapper per pg client, so Kysely (which keys its connections by client) sees the same one.
  const tracked = new WeakMap<pg.PoolClient, TrackedClient>();
  return {
    async connect() {
      const raw = await pool.connect();
      let entry = tracked.get(raw);
      if (!entry) {
        const self: TrackedClient = { endedBy: undefined, client: undefined as never };
        self.client = {
          query: ((text: unknown, parameters?: unknown) => {
            // A cursor (Kysely's streaming) is returned as it is; Kete does not stream.
            if (typeof text !== 'string') return raw.query(text as never);
            return raw.query(text, parameters as unknown[]).catch((error: unknown) => {
              if (endsTheSession(error)) self.endedBy = error as Error;
              throw error;
            });
          }) as unknown as PostgresPoolClient['query'],
          release: () => {
            const endedBy = self.endedBy;
            self.endedBy = undefined;
            // An error given to release tells the pool to destroy the client, not keep it idle.
            raw.release(endedBy);
          },
        };
        entry = self;
        tracked.set(raw, entry);
      }
      return entry.client;
    },
    end: () => pool.end(),
  };
}

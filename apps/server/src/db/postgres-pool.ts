// The pool Kysely draws PostgreSQL connections from, with two changes: a connection whose session
// PostgreSQL ended under a query goes back to the pool as broken, so the pool drops it; and the
// statements a server runs again and again are prepared once per connection.
//
// Why: when PostgreSQL ends a session (pg_terminate_backend, a restart) it first sends the FATAL
// error, which fails the running query, and closes the socket a moment later. Kysely releases the
// connection as soon as the query fails; node-postgres only drops a released client it already
// knows to be closed. On a busy machine the close came after the release, and the next query was
// handed the dead connection ("Connection terminated unexpectedly"): one more failed request.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * Named (prepared) statements: PostgreSQL parses and plans a statement once per connection
 * instead of on every run. Every request reads its user and its membership, every search its
 * prices: at NZ scale parsing and planning such small keyed reads cost PostgreSQL more than
 * running them (decision 0011, fifth round). A text is named on its second run (most one-off
 * texts never are), and at most this many texts per process, so texts that vary (an IN list of
 * each length) cannot grow every connection's statements without end; the rest run unnamed.
 */
export const MAX_NAMED_STATEMENTS = 300;
/** Longer texts are bulk writes (an ingest's batch of rows), each run a few times at most. */
const MAX_NAMED_TEXT = 4096;
/** Only plain reads and writes: transaction control and settings are left as they are. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export class StatementNames {
  private readonly names = new Map<string, string | null>();
  private named = 0;

  constructor(private readonly max = MAX_NAMED_STATEMENTS) {}

  /** The name to prepare `text` under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known) return known;
    if (text.length > MAX_NAMED_TEXT || !PREPARABLE.test(text)) return undefined;
    if (known === undefined) {
      // First run: remembered, not named (while there is room to remember).
      if (this.names.size < this.max * 4) this.names.set(text, null);
      return undefined;
    }
    if (this.named >= this.max) return undefined;
    this.named += 1;
    const name = `kete_${this.named}`;
    this.names.set(text, name);
    return name;
  }
}

/** Errors after which this session cannot be used again: FATAL, or the connection itself failing. */
export function endsTheSession(error: unknown): boolean {
  return (error as { severity?: unknown }).severity === 'FATAL' || isDatabaseUnavailable(error);
}

/**
 * The client as Kysely uses it: a query that ends the session marks it, and the release that
 * follows hands the pool that error, which tells it to destroy the client instead of keeping it.
 */
function releasingEndedSession(raw: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  let endedBy: unknown;
  const query = (text: unknown, parameters?: unknown) => {
    // A cursor (Kysely's streaming) is passed on as it is; Kete does not stream.
    if (typeof text !== 'string') return raw.query(text as never);
    const name = names.nameOf(text);
    const values = parameters as unknown[];
    const running = name ? raw.query({ name, text, values }) : raw.query(text, values);
    return running.catch((error: unknown) => {
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

export function poolDroppingEndedSessions(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  // One wrapper per pg client, so Kysely (which keys its connections by client) sees the same one.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const raw = await pool.connect();
      let client = wrappers.get(raw);
      if (!client) {
        client = releasingEndedSession(raw, names);
        wrappers.set(raw, client);
      }
      return client;
    },
    end: () => pool.end(),
  };
}

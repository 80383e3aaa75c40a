// Group commit for PostgreSQL's one-statement writes, as sqlite-group-commit.ts does for SQLite.
//
// Why: a shopping-list change on PostgreSQL is one statement and its own commit. Under the write
// mix each change cost PostgreSQL's backend a wake-up, its protocol messages and a commit with its
// log flush (perf, decision 0011, sixteenth round: the commit 26% of the backend's time, reading
// the client's messages and the protocol another 26%), on the two cores the server's own
// processes need. Changes that arrive while others are on their way now travel together:
//
// - a statement tagged with its household (`inGroups`, the shopping list's add, set and remove)
//   and run outside a transaction joins the process's queue;
// - while no group is on its way (GROUPS_IN_FLIGHT), the queue goes at once as one group (a lone
//   change goes alone, as before); otherwise it waits for that group to come back, and whatever
//   arrived meanwhile goes together, as SQLite's one writer does;
// - a group is BEGIN, its statements and COMMIT, written at once on a pipelined connection (one
//   round trip, one commit, one flush), and nobody hears back before that COMMIT is done: what
//   each change promised (durable once acknowledged) is unchanged;
// - if a statement fails (a full list), PostgreSQL rolls the whole group back; that statement's
//   caller hears its error and the rest go again together, so each caller hears its own answer;
// - a statement that waits for a lock past GROUP_LOCK_WAIT_MS goes alone on the main pool (where
//   it waits as long as it must), so one household's wait does not hold up the others';
// - a group holds at most one statement per household, in ascending household order. A statement
//   of the shopping list takes at most the household's workspace lock and then its one row (never
//   the lock after the row), so two groups always take their locks in the same order and cannot
//   deadlock each other; the next change of the same household waits for a later group. This
//   holds while every transaction elsewhere locks rows of one workspace only (all of Kete's do).
import type { CompiledQuery, QueryResult } from 'kysely';
import type pg from 'pg';
import { endsTheSession, type StatementNames } from './postgres-pool.js';

/**
 * Groups on their way at once, per process (each on its own pipelined connection). Writes alone,
 * interleaved, 3 rounds (decision 0011, seventeenth round): 1 group 3,802-4,636 req/s, 2 groups
 * 3,611-3,693, 4 groups 3,247-4,067, none 2,439-2,492: more groups at once made smaller groups
 * (more commits), and a household's next change waited on its last one's locks in the other group.
 */
export const GROUPS_IN_FLIGHT = 1;
/**
 * Longest a group's statement waits for a lock (lock_timeout on the group's connection): a
 * transaction holding a household's lock (adding a whole list, say) holds it for milliseconds.
 */
export const GROUP_LOCK_WAIT_MS = 1000;
/** Most statements one group carries. */
export const GROUP_MAX_MEMBERS = 32;

const GROUP_KEY = Symbol('kete.statementGroupKey');

type Tagged = CompiledQuery & { [GROUP_KEY]?: number };

/**
 * Marks a one-statement write that may share a commit with other households' (see above): `key`
 * is the household (workspace) whose rows it writes. Only statements that take at most the
 * workspace's lock and then rows of that workspace may be tagged.
 */
export function inGroups<Q extends CompiledQuery>(query: Q, key: number): Q {
  // A copy: Kysely freezes the queries it compiles.
  return { ...query, [GROUP_KEY]: key };
}

export const groupKeyOf = (query: CompiledQuery): number | undefined => (query as Tagged)[GROUP_KEY];

/** Groups sent by this process, the statements they carried, and those run again on their own. */
export const sentTotals = { groups: 0, statements: 0, retried: 0 };

/** in_failed_sql_transaction: refused because an earlier statement of the transaction failed. */
const ABORTED = '25P02';

const codeOf = (error: unknown) => (error as { code?: unknown }).code;

/**
 * After this error the connection is not used again: the session ended, or node-postgres failed
 * the query itself (no severity: PostgreSQL never answered it), which can leave its record of the
 * prepared statements out of step with the session's.
 */
const unusableAfter = (error: unknown) =>
  endsTheSession(error) || (error as { severity?: unknown }).severity === undefined;

/**
 * What a grouped statement fails with when it waited for a lock longer than its group's
 * connection allows (lock_timeout, database.ts), or was chosen to end a deadlock: nothing of it
 * happened, and it runs again on a connection of its own, where it waits as long as it must.
 */
export const waitedTooLong = (error: unknown) => codeOf(error) === '55P03' || codeOf(error) === '40P01';

interface Member {
  query: CompiledQuery;
  key: number;
  resolve(result: QueryResult<unknown>): void;
  reject(error: unknown): void;
}

/** What Kysely's own PostgreSQL connection answers for a statement (numAffectedRows for writes). */
function asQueryResult({ command, rowCount, rows }: pg.QueryResult): QueryResult<unknown> {
  const writes = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
  return { numAffectedRows: writes ? BigInt(rowCount ?? 0) : undefined, rows: rows ?? [] };
}

export class StatementGroups {
  private queue: Member[] = [];
  private inFlight = 0;

  /** `pool`: connections in pipeline mode, at most GROUPS_IN_FLIGHT of them. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly names: StatementNames,
  ) {}

  run(query: CompiledQuery, key: number): Promise<QueryResult<unknown>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ query, key, resolve, reject });
      this.pump();
    });
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private pump(): void {
    while (this.inFlight < GROUPS_IN_FLIGHT && this.queue.length > 0) {
      const group = this.take();
      this.inFlight += 1;
      void this.send(group).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  /** The next group: in arrival order, one statement per household, then in household order. */
  private take(): Member[] {
    const keys = new Set<number>();
    const group: Member[] = [];
    const rest: Member[] = [];
    for (const member of this.queue) {
      if (group.length < GROUP_MAX_MEMBERS && !keys.has(member.key)) {
        keys.add(member.key);
        group.push(member);
      } else rest.push(member);
    }
    this.queue = rest;
    return group.sort((a, b) => a.key - b.key);
  }

  private async send(group: Member[]): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      for (const member of group) member.reject(error);
      return;
    }
    let ended: unknown;
    try {
      sentTotals.groups += 1;
      sentTotals.statements += group.length;
      ended = group.length === 1 ? await this.alone(client, group) : await this.together(client, group);
    } catch (error) {
      // Not expected (node-postgres reports its errors on the queries), but never a caller left
      // waiting, nor a connection handed on in the middle of a transaction.
      for (const member of group) member.reject(error);
      ended = error;
    } finally {
      client.release(ended as Error | undefined);
    }
  }

  /** Each statement as its own transaction, all written at once. Answers what ended the session, if anything. */
  private async alone(client: pg.PoolClient, group: Member[]): Promise<unknown> {
    const runs = await Promise.allSettled(group.map((member) => this.statement(client, member.query)));
    let ended: unknown;
    runs.forEach((run, i) => {
      const member = group[i] as Member;
      if (run.status === 'fulfilled') member.resolve(asQueryResult(run.value));
      else {
        if (unusableAfter(run.reason)) ended = run.reason;
        member.reject(run.reason);
      }
    });
    return ended;
  }

  /** BEGIN, the statements and COMMIT in one round trip. Answers what ended the session, if anything. */
  private async together(client: pg.PoolClient, group: Member[]): Promise<unknown> {
    const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } })
      .connection?.stream;
    // One write to the socket for the whole group (each query corks only its own messages).
    stream?.cork?.();
    let begin: Promise<pg.QueryResult>;
    let statements: Promise<pg.QueryResult>[];
    let commit: Promise<pg.QueryResult>;
    try {
      begin = client.query('begin');
      statements = group.map((member) => this.statement(client, member.query));
      commit = client.query('commit');
    } finally {
      stream?.uncork?.();
    }
    const [began, committed, ...runs] = await Promise.allSettled([begin, commit, ...statements]);
    if (committed?.status === 'fulfilled' && committed.value.command === 'COMMIT') {
      let ended: unknown;
      runs.forEach((run, i) => {
        const member = group[i] as Member;
        if (run.status === 'fulfilled') member.resolve(asQueryResult(run.value));
        else {
          // Failed in node-postgres before PostgreSQL ran it (its values could not be sent), so
          // the others committed without it. The connection's prepared statements may be off.
          member.reject(run.reason);
          ended = run.reason;
        }
      });
      return ended;
    }
    const rolledBack =
      began?.status === 'fulfilled' &&
      (committed?.status === 'fulfilled' || !unusableAfter((committed as PromiseRejectedResult).reason));
    if (rolledBack) {
      // None of it happened. The first statement that failed failed on its own account: every
      // statement of a group writes only its own household's rows, and none of its household's
      // changes was before it in the group. It hears its error (a full list, say); the rest go
      // again together without it. (Those after it were refused as part of a failed one: 25P02.)
      const failedAt = runs.findIndex((run) => run.status === 'rejected' && codeOf(run.reason) !== ABORTED);
      if (failedAt < 0) {
        sentTotals.retried += group.length;
        return this.alone(client, group);
      }
      (group[failedAt] as Member).reject((runs[failedAt] as PromiseRejectedResult).reason);
      const rest = group.filter((_, i) => i !== failedAt);
      sentTotals.retried += rest.length;
      if (rest.length === 0) return undefined;
      return rest.length === 1 ? this.alone(client, rest) : this.together(client, rest);
    }
    // The connection failed on the way: whether the group committed is unknown, as for a single
    // statement whose connection failed; each caller hears the failure (a 503 to retry).
    const failure = [committed, began, ...runs].find(
      (r) => r?.status === 'rejected',
    ) as PromiseRejectedResult;
    for (const member of group) member.reject(failure.reason);
    return failure.reason;
  }

  private statement(client: pg.PoolClient, query: CompiledQuery): Promise<pg.QueryResult> {
    const values = [...query.parameters];
    const name = this.names.nameOf(query.sql);
    return name ? client.query({ name, text: query.sql, values }) : client.query(query.sql, values);
  }
}

// Group commit for SQLite. Every acknowledged change must survive a power cut, and one fsync cost
// ~1.3 ms when this was written: at one commit per change a process managed ~700 changes a second
// and 50 shoppers' writes queued behind each other's fsyncs (decision 0011). So changes that arrive
// together share one commit, as PostgreSQL's and MySQL's group commit do:
//
// - the first write (or transaction) opens one real `begin immediate` transaction, the "group";
// - each Kysely transaction inside it is a savepoint, so a failed one rolls back alone;
// - the group commits as soon as nobody else is waiting for the connection (so a lone change costs
//   exactly what it did before), or after GROUP_MAX_MS / GROUP_MAX_MEMBERS under load;
// - no caller hears back before the commit that makes its change (or anything it read) durable: the
//   connection goes to the next caller at once, but the answer waits for the group's commit;
// - a file database flushes the log after COMMIT, in the thread pool (wal-sync.ts), not inside it:
//   the process serves others and the next group takes the lock meanwhile. A group is durable once
//   that flush is done, and a read answers only once what it saw is flushed.
//
// Other processes sharing the file (KETE_WORKERS) wait for the write lock without blocking their
// event loop: `begin immediate` is tried with no busy wait and retried on a short timer.
//
// Reads outside a transaction go to a second, read-only connection (WAL lets it read beside the
// writer): it sees only committed data, so a read neither queues behind writers nor waits for an
// open group's commit. Every caller's own change is committed before it hears back, so what it
// reads next includes it. An in-memory database has no second connection: reads queue as writes.
//
// Bookkeeping writes (bookkeeping.ts: rate-limit counters) do not wait for their own commit: their
// loss in a crash harms nobody, and the change they guard waits for its commit anyway.
import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
} from 'kysely';
import { type Deferred, deferred } from '../lib/deferred.js';
import { isBookkeeping } from './bookkeeping.js';
import { ConnectionQueue } from './connection-queue.js';
import type { Flusher } from './wal-sync.js';
import type { WriteTurns } from './write-turns.js';

/** Longest a group stays open while callers keep arriving; bounds the wait added to an answer. */
export const GROUP_MAX_MS = 4;
/** Most callers one commit acknowledges. */
export const GROUP_MAX_MEMBERS = 64;
/** How long a writer waits for another process's write lock before giving up (SQLITE_BUSY). */
const LOCK_WAIT_MS = 5000;

/** The savepoint each Kysely transaction inside a group is. */
const TRANSACTION_SAVEPOINT = 'kete_tx';

/** Statements that manage transactions or the connection: never wrapped in a group. */
const CONTROL = /^\s*(pragma|vacuum|begin|commit|end|rollback|savepoint|release|attach|detach)\b/i;

interface Group {
  startedAt: number;
  members: number;
  /** Whether any member changed anything yet: until then, everything read is already committed. */
  dirty: boolean;
  durable: Deferred;
}

/** A better-sqlite3 connection as used here (database.ts keeps its compiled statements). */
export interface Handle {
  prepare(sql: string): SqliteDatabase.Statement;
  close(): void;
}

export interface GroupCommitConfig extends SqliteDialectConfig {
  /** A read-only connection to the same file, for reads outside a transaction. */
  reader?: Handle;
  /** Turns at the write lock with the other processes sharing the file. */
  turns?: WriteTurns;
  /** Flushes the log after each commit, off the event loop (wal-sync.ts); without it, COMMIT must. */
  wal?: Flusher;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class GroupCommitDriver implements Driver {
  private handle!: Handle;
  private reader: Handle | undefined;
  private readonly queue = new ConnectionQueue();
  private group: Group | undefined;

  constructor(private readonly config: GroupCommitConfig) {}

  async init(): Promise<void> {
    const database = this.config.database;
    this.handle = (typeof database === 'function' ? await database() : database) as Handle;
    this.reader = this.config.reader;
  }

  /** A caller's hold on the writing connection is taken at its first write (or always, without a reader). */
  async acquireConnection(): Promise<DatabaseConnection> {
    const own = new GroupConnection(this);
    if (!this.reader) await this.holdWriter(own);
    return own;
  }

  private async holdWriter(own: GroupConnection): Promise<void> {
    if (own.holding) return;
    await this.queue.lock();
    own.holding = true;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupConnection;
    await this.holdWriter(own);
    await this.joinGroup();
    // One name serves every transaction: callers hold the connection one at a time and each
    // releases its savepoint before handing over, so the same three texts stay compiled in the
    // statement cache (a name per transaction compiled two new statements for each).
    own.savepoint = TRANSACTION_SAVEPOINT;
    this.run(`savepoint ${own.savepoint}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupConnection;
    this.run(`release ${own.savepoint}`);
    own.savepoint = undefined;
    await this.releaseUntilDurable(own);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupConnection;
    this.run(`rollback to ${own.savepoint}`);
    this.run(`release ${own.savepoint}`);
    own.savepoint = undefined;
  }

  async savepoint(_: DatabaseConnection, name: string): Promise<void> {
    this.run(`savepoint "${name}"`);
  }

  async rollbackToSavepoint(_: DatabaseConnection, name: string): Promise<void> {
    this.run(`rollback to "${name}"`);
  }

  async releaseSavepoint(_: DatabaseConnection, name: string): Promise<void> {
    this.run(`release "${name}"`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupConnection;
    if (!own.holding || own.released) return;
    own.released = true;
    this.handOver();
  }

  async destroy(): Promise<void> {
    if (this.group) this.commitGroup();
    await this.config.wal?.pending()?.catch(() => {});
    this.handle?.close();
    this.reader?.close();
    this.config.wal?.close();
    this.config.turns?.close();
  }

  /** Runs one statement for a caller: a read outside a transaction on the reader, the rest on the writer it holds. */
  async execute(own: GroupConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    const control = CONTROL.test(query.sql);
    // Outside a transaction a read takes committed data only, beside whatever the writer is doing.
    if (own.savepoint === undefined && this.reader && !control) {
      const read = this.reader.prepare(query.sql);
      if (read.readonly) return this.onceFlushed(runStatement(read, query));
    }
    const statement = this.handle.prepare(query.sql);
    // Inside a transaction: a plain statement; the transaction's commit waits for durability.
    if (own.savepoint !== undefined) return this.runInGroup(statement, query);
    await this.holdWriter(own);
    if (control) {
      if (this.group) this.commitGroup();
      return runStatement(statement, query);
    }
    // A read while nothing is pending reads committed data: answer at once.
    if (!this.group && statement.readonly) return this.onceFlushed(runStatement(statement, query));
    await this.joinGroup();
    const result = this.runInGroup(statement, query);
    await this.releaseUntilDurable(own, !isBookkeeping(query));
    return result;
  }

  /**
   * A read answers once what it saw is on disk: a commit is visible before its flush is done, and
   * nobody may hear of a change that a power cut could still take back.
   */
  private async onceFlushed<T>(result: T): Promise<T> {
    const flushing = this.config.wal?.pending();
    if (flushing) await flushing;
    return result;
  }

  private runInGroup(statement: SqliteDatabase.Statement, query: CompiledQuery): QueryResult<unknown> {
    if (this.group && !statement.readonly) this.group.dirty = true;
    return runStatement(statement, query);
  }

  private run(sql: string): void {
    this.handle.prepare(sql).run();
  }

  /** Opens the group if none is open: the write lock, waited for on a timer, not a busy loop. */
  private async joinGroup(): Promise<void> {
    if (this.group) {
      this.group.members++;
      return;
    }
    const started = performance.now();
    const turns = this.config.turns;
    await turns?.beforeTrying();
    // No statement runs on this connection but ours until we return: we hold the queue.
    this.run('pragma busy_timeout = 0');
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          this.run('begin immediate');
          turns?.took();
          break;
        } catch (error) {
          const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
          if (!busy || performance.now() - started > LOCK_WAIT_MS) throw error;
          const fallbackMs = attempt < 20 ? 1 : 5;
          await (turns ? turns.refused(fallbackMs) : sleep(fallbackMs));
        }
      }
    } finally {
      this.run(`pragma busy_timeout = ${LOCK_WAIT_MS}`);
    }
    this.group = { startedAt: performance.now(), members: 1, dirty: false, durable: deferred() };
  }

  /** Gives the connection to the next caller now, and resolves once this caller's work is durable. */
  private async releaseUntilDurable(own: GroupConnection, wait = true): Promise<void> {
    const group = this.group;
    // Nothing changed before this caller's last statement: what it read or did is committed data.
    const mustWait = wait && group?.dirty === true;
    own.released = true;
    this.handOver();
    if (group && mustWait) await group.durable.promise;
    else if (wait) await this.onceFlushed(undefined);
  }

  private handOver(): void {
    const group = this.group;
    if (
      group &&
      (this.queue.waiting === 0 ||
        group.members >= GROUP_MAX_MEMBERS ||
        performance.now() - group.startedAt >= GROUP_MAX_MS)
    ) {
      this.commitGroup();
    }
    this.queue.unlock();
  }

  private commitGroup(): void {
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    try {
      this.run('commit');
      this.config.turns?.committed();
      const { wal } = this.config;
      if (wal) wal.flush().then(group.durable.resolve, group.durable.reject);
      else group.durable.resolve();
    } catch (error) {
      try {
        this.run('rollback');
      } catch {
        // The failed commit already ended the transaction.
      }
      group.durable.reject(error);
    }
  }
}

/** One caller's hold on the connection (a fresh object per acquisition, so releases never mix). */
class GroupConnection implements DatabaseConnection {
  savepoint: string | undefined;
  /** Whether this caller holds the writing connection (taken at its first write). */
  holding = false;
  released = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  // biome-ignore lint/correctness/useYield: streaming is not used; Kysely's interface requires it.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported on SQLite here');
  }
}

function runStatement(statement: SqliteDatabase.Statement, query: CompiledQuery): QueryResult<unknown> {
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: GroupCommitConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new GroupCommitDriver(this.settings);
  }
}

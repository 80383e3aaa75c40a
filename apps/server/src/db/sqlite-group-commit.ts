// Group commit for SQLite. Every acknowledged change must survive a power cut (synchronous=FULL),
// and one fsync costs ~1.3 ms here: at one commit per change a process managed ~700 changes a second
// and 50 shoppers' writes queued behind each other's fsyncs (decision 0011). So changes that arrive
// together share one commit, as PostgreSQL's and MySQL's group commit do:
//
// - the first write (or transaction) opens one real `begin immediate` transaction, the "group";
// - each Kysely transaction inside it is a savepoint, so a failed one rolls back alone;
// - the group commits as soon as nobody else is waiting for the connection (so a lone change costs
//   exactly what it did before), or after GROUP_MAX_MS / GROUP_MAX_MEMBERS under load;
// - no caller hears back before the commit that makes its change (or anything it read) durable: the
//   connection goes to the next caller at once, but the answer waits for the group's commit.
//
// Other processes sharing the file (KETE_WORKERS) wait for the write lock without blocking their
// event loop: `begin immediate` is tried with no busy wait and retried on a short timer.
import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
} from 'kysely';

/** Longest a group stays open while callers keep arriving; bounds the wait added to an answer. */
export const GROUP_MAX_MS = 4;
/** Most callers one commit acknowledges. */
export const GROUP_MAX_MEMBERS = 64;
/** How long a writer waits for another process's write lock before giving up (SQLITE_BUSY). */
const LOCK_WAIT_MS = 5000;

/** Statements that manage transactions or the connection: never wrapped in a group. */
const CONTROL = /^\s*(pragma|vacuum|begin|commit|end|rollback|savepoint|release|attach|detach)\b/i;

interface Group {
  startedAt: number;
  members: number;
  /** Whether any member changed anything yet: until then, everything read is already committed. */
  dirty: boolean;
  durable: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

type Handle = Pick<SqliteDatabase.Database, 'prepare' | 'close'>;

/** A FIFO lock over the one connection that knows how many callers are queued behind it. */
class ConnectionQueue {
  private held = false;
  private readonly queued: Array<() => void> = [];

  get waiting(): number {
    return this.queued.length;
  }

  async lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.queued.push(resolve));
  }

  unlock(): void {
    const next = this.queued.shift();
    if (next) next();
    else this.held = false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class GroupCommitDriver implements Driver {
  private handle!: Handle;
  private readonly queue = new ConnectionQueue();
  private group: Group | undefined;
  private savepoints = 0;

  constructor(private readonly config: SqliteDialectConfig) {}

  async init(): Promise<void> {
    const database = this.config.database;
    this.handle = (typeof database === 'function' ? await database() : database) as Handle;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.lock();
    return new GroupConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupConnection;
    await this.joinGroup();
    own.savepoint = `kete_tx_${++this.savepoints}`;
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
    if (own.released) return;
    own.released = true;
    this.handOver();
  }

  async destroy(): Promise<void> {
    if (this.group) this.commitGroup();
    this.handle?.close();
  }

  /** Runs one statement for a caller that holds the connection (see GroupConnection). */
  async execute(own: GroupConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    const statement = this.handle.prepare(query.sql);
    // Inside a transaction: a plain statement; the transaction's commit waits for durability.
    if (own.savepoint !== undefined) return this.runInGroup(statement, query);
    if (CONTROL.test(query.sql)) {
      if (this.group) this.commitGroup();
      return runStatement(statement, query);
    }
    // A read while nothing is pending reads committed data: answer at once.
    if (!this.group && statement.readonly) return runStatement(statement, query);
    await this.joinGroup();
    const result = this.runInGroup(statement, query);
    await this.releaseUntilDurable(own);
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
    for (let attempt = 0; ; attempt++) {
      try {
        this.run('pragma busy_timeout = 0');
        this.run('begin immediate');
        break;
      } catch (error) {
        const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
        if (!busy || performance.now() - started > LOCK_WAIT_MS) throw error;
        await sleep(attempt < 20 ? 1 : 5);
      } finally {
        this.run(`pragma busy_timeout = ${LOCK_WAIT_MS}`);
      }
    }
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const durable = new Promise<void>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    // A group whose only member rolled back has nobody awaiting it: never an unhandled rejection.
    durable.catch(() => {});
    this.group = { startedAt: performance.now(), members: 1, dirty: false, durable, resolve, reject };
  }

  /** Gives the connection to the next caller now, and resolves once this caller's work is durable. */
  private async releaseUntilDurable(own: GroupConnection): Promise<void> {
    const group = this.group;
    // Nothing changed before this caller's last statement: what it read or did is committed data.
    const mustWait = group?.dirty === true;
    own.released = true;
    this.handOver();
    if (group && mustWait) await group.durable;
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
      group.resolve();
    } catch (error) {
      try {
        this.run('rollback');
      } catch {
        // The failed commit already ended the transaction.
      }
      group.reject(error);
    }
  }
}

/** One caller's hold on the connection (a fresh object per acquisition, so releases never mix). */
class GroupConnection implements DatabaseConnection {
  savepoint: string | undefined;
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
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new GroupCommitDriver(this.settings);
  }
}

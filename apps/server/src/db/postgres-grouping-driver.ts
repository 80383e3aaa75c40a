// The Kysely driver that sends the statements tagged for group commit (postgres-statement-groups.ts)
// through the process's groups, when they run outside a transaction; everything else (reads, other
// writes, transactions) runs on a connection of the pool as before, taken at the caller's first need.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { passSavepoints, withDriver } from './driver-wrapping.js';
import { groupKeyOf, type StatementGroups, waitedTooLong } from './postgres-statement-groups.js';

/**
 * The dialect whose connections send tagged statements outside a transaction in groups; anything
 * else (reads, other writes, transactions) runs on a connection of the pool as before, taken only
 * when the caller first needs one.
 */
export const groupingDialect = (dialect: Dialect, groups: StatementGroups): Dialect =>
  withDriver(dialect, (inner) => new GroupingDriver(inner, groups));

/** One caller's connection: the pool's, once it needs one. */
class GroupingConnection implements DatabaseConnection {
  inTransaction = false;
  private taken: Promise<DatabaseConnection> | undefined;

  constructor(
    private readonly driver: Driver,
    private readonly groups: StatementGroups,
  ) {}

  /** The pool's connection, taken at the first need. */
  own(): Promise<DatabaseConnection> {
    this.taken ??= this.driver.acquireConnection();
    return this.taken;
  }

  /** The pool's connection, if one was taken. */
  get held(): Promise<DatabaseConnection> | undefined {
    return this.taken;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const key = groupKeyOf(query);
    if (key !== undefined && !this.inTransaction) {
      try {
        return (await this.groups.run(query, key)) as QueryResult<R>;
      } catch (error) {
        // A lock held long elsewhere must not hold up every household's changes behind it.
        if (!waitedTooLong(error)) throw error;
      }
    }
    return (await this.own()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.own()).streamQuery<R>(query, chunkSize);
  }
}

class GroupingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly groups: StatementGroups,
  ) {
    passSavepoints(this, inner, (c) => (c as GroupingConnection).own());
  }

  init = () => this.inner.init();

  async destroy(): Promise<void> {
    await Promise.all([this.inner.destroy(), this.groups.end()]);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupingConnection(this.inner, this.groups);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const held = (connection as GroupingConnection).held;
    if (held) await this.inner.releaseConnection(await held);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = connection as GroupingConnection;
    await this.inner.beginTransaction(await own.own(), settings);
    own.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupingConnection;
    own.inTransaction = false;
    await this.inner.commitTransaction(await own.own());
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as GroupingConnection;
    own.inTransaction = false;
    await this.inner.rollbackTransaction(await own.own());
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];
}

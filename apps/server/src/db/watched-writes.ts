// Tells a cache when a write to the tables it is made of has committed, whatever wrote it: the
// driver sees every statement and every commit, so no service has to remember to say so. Used by
// the table caches (table-cache.ts): a member removed, a store added or a user's settings changed
// must be seen by the very next request.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { passSavepoints, withDriver } from './driver-wrapping.js';

export interface WriteWatcher {
  /** Tables whose writes it wants to hear of. */
  tables: ReadonlySet<string>;
  /**
   * A write to them is over: committed, or rolled back, or failed (told alike, to be safe). The
   * promise holds the writer's answer until it settles, so the writer hears back only once it is done.
   */
  settled(written: ReadonlySet<string>): Promise<void>;
}

/** The watchers of a process's databases (each Kysely instance and every transaction made from it). */
export class WriteWatchers {
  private readonly watchers = new Set<WriteWatcher>();

  add(watcher: WriteWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** Each watcher that cares about this statement, with the tables it writes (none, nearly always). */
  of(query: CompiledQuery): [WriteWatcher, string[]][] {
    if (this.watchers.size === 0) return [];
    const tables = writtenTables(query);
    if (tables.length === 0) return [];
    const found: [WriteWatcher, string[]][] = [];
    for (const watcher of this.watchers) {
      const theirs = tables.filter((table) => watcher.tables.has(table));
      if (theirs.length > 0) found.push([watcher, theirs]);
    }
    return found;
  }
}

/**
 * One set per process, over every database it opened: a cache hears of a write made through any
 * of them (a test's second connection to the same file, the operators' CLI run in-process).
 */
export const writeWatchers = new WriteWatchers();

// Raw SQL (the ingest's statements, migrations) is read as text: what follows a writing keyword.
const RAW_WRITE =
  /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:"?\w+"?\.)?"?(\w+)/gi;

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

interface ColumnUpdate {
  column: { column?: { name: string } };
  value: { kind: string; column?: { column?: { name: string } }; table?: unknown };
}

/**
 * An UPDATE that sets each column to itself changes nothing: it is how a transaction takes a row's
 * lock (workspace-caps.ts lockWorkspace), and it runs on every capped write.
 */
function changesNothing(updates: readonly ColumnUpdate[] | undefined): boolean {
  return (
    updates !== undefined &&
    updates.length > 0 &&
    updates.every(
      ({ column, value }) =>
        value.kind === 'ReferenceNode' &&
        value.table === undefined &&
        value.column?.column?.name !== undefined &&
        value.column.column.name === column.column?.name,
    )
  );
}

/** The tables a statement writes (empty for a read, nearly every statement). */
export function writtenTables(query: CompiledQuery): string[] {
  const node = query.query as OperationNode & Record<string, unknown>;
  switch (node.kind) {
    case 'SelectQueryNode':
      // A read, unless a WITH clause writes (none does here; read its text to be sure).
      return node.with ? rawWrittenTables(query.sql) : [];
    case 'InsertQueryNode':
      return [tableName(node.into as OperationNode)].filter((t): t is string => t !== undefined);
    case 'UpdateQueryNode':
      if (changesNothing(node.updates as ColumnUpdate[] | undefined)) return [];
      return [tableName(node.table as OperationNode)].filter((t): t is string => t !== undefined);
    case 'DeleteQueryNode':
      return ((node.from as { froms: OperationNode[] }).froms ?? [])
        .map(tableName)
        .filter((t): t is string => t !== undefined);
    default:
      return rawWrittenTables(query.sql);
  }
}

/** Raw texts repeat (the ingest runs the same few thousands of times): each is read once. */
const rawTexts = new Map<string, string[]>();
const RAW_TEXTS_KEPT = 256;

function rawWrittenTables(text: string): string[] {
  let tables = rawTexts.get(text);
  if (!tables) {
    tables = [...text.matchAll(RAW_WRITE)].map((m) => (m[1] as string).toLowerCase());
    if (rawTexts.size >= RAW_TEXTS_KEPT) rawTexts.clear();
    rawTexts.set(text, tables);
  }
  return tables;
}

/** The dialect with its driver watched (the adapter, compiler and introspector are its own). */
export const watchedDialect = (dialect: Dialect): Dialect =>
  withDriver(dialect, (inner) => new WatchedDriver(inner));

/** One caller's connection: the driver's own, and what its open transaction wrote, per watcher. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly woken = new Map<WriteWatcher, Set<string>>();

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const watching = writeWatchers.of(query);
    if (watching.length === 0) return this.inner.executeQuery<R>(query);
    if (this.inTransaction) {
      for (const [watcher, tables] of watching) {
        const written = this.woken.get(watcher) ?? new Set<string>();
        for (const table of tables) written.add(table);
        this.woken.set(watcher, written);
      }
      return this.inner.executeQuery<R>(query);
    }
    // A statement on its own commits as it runs (on SQLite, once its group is durable).
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      await Promise.all(watching.map(([watcher, tables]) => watcher.settled(new Set(tables))));
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  async settle(): Promise<void> {
    const woken = [...this.woken];
    this.woken.clear();
    this.inTransaction = false;
    await Promise.all(woken.map(([watcher, written]) => watcher.settled(written)));
  }
}

class WatchedDriver implements Driver {
  constructor(private readonly inner: Driver) {
    passSavepoints(this, inner, (c) => (c as WatchedConnection).inner);
  }

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = connection as WatchedConnection;
    // Never left open: a transaction Kysely neither committed nor rolled back still settles.
    await own.settle();
    await this.inner.releaseConnection(own.inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = connection as WatchedConnection;
    await this.inner.beginTransaction(own.inner, settings);
    own.inTransaction = true;
  }

  commitTransaction = (connection: DatabaseConnection) => this.end(connection, 'commitTransaction');
  rollbackTransaction = (connection: DatabaseConnection) => this.end(connection, 'rollbackTransaction');

  /** Commits or rolls back, then tells the watchers (also when that failed: told alike, to be safe). */
  private async end(
    connection: DatabaseConnection,
    how: 'commitTransaction' | 'rollbackTransaction',
  ): Promise<void> {
    const own = connection as WatchedConnection;
    try {
      await this.inner[how](own.inner);
    } finally {
      await own.settle();
    }
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];
}

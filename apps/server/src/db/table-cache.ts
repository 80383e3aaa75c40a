// Answers read from a few tables, kept per server process until a write to those tables commits.
// Used for what nearly every request reads and rarely changes: who is asking and their membership
// (plugins/authentication.ts), the user's workspaces and a workspace's stores, favourites and lists
// at start-up (modules/init). On PostgreSQL each such read was a round trip and a backend's CPU per
// request. Not for what changes with every write (a shopping list's rows): each such write would
// wait for the other processes to hear of it.
//
// Correct on the very next request, whichever process it reaches:
// - every write to a kept table is seen by the driver (watched-writes.ts), whoever wrote it; once it
//   has committed the writer forgets its own entries, and holds its answer until every other server
//   process on this machine has heard of it and forgotten theirs (process bus, publishAndWait);
// - a read that began before such a write was heard of is answered but not kept;
// - servers on other machines sharing PostgreSQL hear of it through LISTEN/NOTIFY, sent before the
//   writer answers and heard a moment later (modules/events/events.module.ts);
// - a change made by another program (the operators' CLI), or a notification missed while a
//   listener reconnected, is seen within KEPT_MS, after which every entry is read again.
import type { Kysely } from 'kysely';
import { namedPerDatabase } from '../lib/per-database.js';
import { onProcessMessage, publishAndWait } from '../lib/process-bus.js';
import { SharedReads } from '../lib/shared-reads.js';
import type { DB } from './schema.js';
import { type WriteWatcher, writeWatchers } from './watched-writes.js';

/** How long an entry is trusted without hearing of a change: the stated time for other programs. */
export const KEPT_MS = 5_000;
const ENTRIES_KEPT = 20_000;
const TOPIC = 'tables-changed';

interface Entry<V> {
  value: V;
  until: number;
}

/** Every cache of this process (held weakly: a test's app and its caches come and go). */
const caches = new Set<WeakRef<TableCache<unknown>>>();

/** Every cache in this process made of any of these tables forgets what it kept. */
export function forgetTables(tables: readonly string[]): void {
  for (const ref of caches) {
    const cache = ref.deref();
    if (!cache) caches.delete(ref);
    else if (tables.some((table) => cache.tables.has(table))) cache.forget();
  }
}

/**
 * Who else is told of this process's changes (PostgreSQL: the servers on other machines, through
 * LISTEN/NOTIFY, modules/events). Each is awaited before the writer answers; a failure is not
 * the writer's: those servers still read again within KEPT_MS.
 */
const announcers = new Set<(tables: string[]) => Promise<void>>();

export function announceTableChanges(announce: (tables: string[]) => Promise<void>): () => void {
  announcers.add(announce);
  return () => announcers.delete(announce);
}

/** One watcher for the process, of every table some cache is made of. */
const watched = new Set<string>();
const watcher: WriteWatcher = {
  tables: watched,
  // Delivered here at once, and to the other processes before the writer answers.
  settled: async (written) => {
    const tables = [...written];
    await Promise.all([
      publishAndWait(TOPIC, tables),
      ...[...announcers].map((announce) => announce(tables).catch(() => {})),
    ]);
  },
};

let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  writeWatchers.add(watcher);
  onProcessMessage((message) => {
    if (message.topic === TOPIC && Array.isArray(message.payload)) forgetTables(message.payload as string[]);
  });
}

/** Kept values are shared by every request that reads them: frozen, so none can change another's. */
function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export class TableCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly reads = new SharedReads<V>();
  /** Moves with every change heard of: a read that began before it is not kept. */
  private generation = 0;

  /** `tables`: every table the kept answers are read from. */
  constructor(readonly tables: ReadonlySet<string>) {
    listen();
    for (const table of tables) watched.add(table);
    caches.add(new WeakRef(this as TableCache<unknown>));
  }

  /**
   * The kept value for `key`, or `load()`'s (kept unless a change was heard of meanwhile). Requests
   * that miss together share one `load()` (shared-reads.ts), frozen like a kept value.
   */
  async read(key: string, load: () => Promise<V>): Promise<V> {
    const now = performance.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return kept.value;
    const before = this.generation;
    return this.reads.run(key, before, async () => {
      const value = deepFreeze(await load());
      // A change heard of meanwhile may have come after the read: answer it, but do not keep it.
      if (before === this.generation) {
        if (this.entries.size >= ENTRIES_KEPT) this.entries.clear();
        this.entries.set(key, { value, until: now + KEPT_MS });
      }
      return value;
    });
  }

  forget(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

const perDatabase = namedPerDatabase<TableCache<unknown>>();

/** The cache called `name` of this database, made once (a service may be built more than once). */
export function tableCache<V>(db: Kysely<DB>, name: string, tables: readonly string[]): TableCache<V> {
  return perDatabase(db, name, () => new TableCache<unknown>(new Set(tables))) as TableCache<V>;
}

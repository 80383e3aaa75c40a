// The outbox: shopping-list edits made with no connection, kept in IndexedDB (Dexie, table
// Outbox) in the order they were made, and replayed in that order when the connection returns.
// An edit the server refuses is not dropped silently: it moves to `refused` with the reason.
// The local database (Dexie) is not part of the first load: it is loaded once the first screen has
// shown (lib/first-screen.ts), or at once by the first shopping-list write or read, which wait for
// the stored edits (outboxReady, through the API client's offline hooks).
import { type OfflineEdit, supersededBy } from '@kete/shared';
import { create } from 'zustand';
import { api } from '../../lib/api-client.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { afterFirstScreen } from '../../lib/first-screen.js';
import type { OutboxEntry } from '../../lib/local-db.js';
import { useSessionStore } from '../../lib/session-store.js';
import { refreshAfterChange } from '../live/refresh-workspace.js';

type LocalDb = ReturnType<typeof import('../../lib/local-db.js').localDb>;

/** A local-database operation; like local-db's `safely`, a failure (even to load it) gives `fallback`. */
async function stored<T>(operation: (db: LocalDb) => Promise<T>, fallback: T): Promise<T> {
  try {
    const { localDb, safely } = await import('../../lib/local-db.js');
    return await safely(() => operation(localDb()), fallback);
  } catch (error) {
    console.error('Local database error', error);
    return fallback;
  }
}

export interface RefusedEdit {
  id: number;
  label: string;
  reason: string;
}

interface OutboxState {
  pending: OutboxEntry[];
  refused: RefusedEdit[];
  online: boolean;
  syncing: boolean;
  dismiss(id: number): void;
}

export const useOutbox = create<OutboxState>()((set) => ({
  pending: [],
  refused: [],
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  dismiss: (id) => set((state) => ({ refused: state.refused.filter((r) => r.id !== id) })),
}));

let nextLocalId = -1;

/** Keeps an edit for later: in memory at once (what is shown), and in IndexedDB. */
export async function keep(entry: Omit<OutboxEntry, 'id'>): Promise<void> {
  // Earlier quantity sets of the same item say nothing the new one does not (issue 49).
  for (const pointless of supersededBy(useOutbox.getState().pending, entry)) await forget(pointless);
  const id = await stored((db) => db.Outbox.add(entry as OutboxEntry), undefined);
  // With no IndexedDB (private mode) the edit still waits in memory for this visit.
  const kept: OutboxEntry = { ...entry, id: typeof id === 'number' ? id : nextLocalId-- };
  useOutbox.setState((state) => ({ pending: [...state.pending, kept] }));
}

/** The edits still waiting for a workspace, oldest first. */
export function pendingEdits(shortCode: string): OfflineEdit[] {
  const prefix = `/api/${encodeURIComponent(shortCode)}/`;
  return useOutbox
    .getState()
    .pending.filter((entry) => entry.path.startsWith(prefix))
    .map((entry) => entry.edit);
}

/**
 * An edit of an item written in while offline (issue 49), which the server has not seen yet: its
 * waiting add takes the change (`next`), or is dropped (null: ticked off before it was sent).
 */
export async function changeWaitingAdd(
  localId: number,
  next: ((entry: OutboxEntry) => Pick<OutboxEntry, 'body' | 'edit'>) | null,
): Promise<boolean> {
  const entry = useOutbox
    .getState()
    .pending.find((e) => e.edit.kind === 'addText' && e.edit.localId === localId);
  if (!entry) return false;
  if (next === null) {
    await forget(entry);
    return true;
  }
  const changed: OutboxEntry = { ...entry, ...next(entry) };
  useOutbox.setState((state) => ({ pending: state.pending.map((e) => (e === entry ? changed : e)) }));
  if (changed.id !== undefined && changed.id > 0) {
    const id = changed.id;
    await stored((db) => db.Outbox.put({ ...changed, id }), undefined);
  }
  return true;
}

async function forget(entry: OutboxEntry) {
  useOutbox.setState((state) => ({ pending: state.pending.filter((e) => e !== entry) }));
  if (entry.id !== undefined && entry.id > 0) {
    const id = entry.id;
    await stored((db) => db.Outbox.delete(id), undefined);
  }
}

const reasonOf = (error: unknown): string => {
  if (!(error instanceof ApiRequestError)) return 'Something went wrong.';
  const fields = error.body?.errors ? Object.values(error.body.errors) : [];
  return fields[0]?.message ?? error.body?.message ?? 'The server did not accept this change.';
};

let replaying: Promise<void> | null = null;

/** Sends the waiting edits in order; stops (to try later) when the connection is still down. */
export function replay(): Promise<void> {
  replaying ??= (async () => {
    await loadStored();
    let sent = 0;
    useOutbox.setState({ syncing: true });
    try {
      for (;;) {
        const entry = useOutbox.getState().pending[0];
        if (!entry) break;
        try {
          await api.request(entry.path, {
            method: entry.method,
            body: entry.body,
            offline: false,
            quiet: true,
            loading: false,
          });
        } catch (error) {
          if (error instanceof ApiRequestError && (error.status === 0 || error.status === 401)) break;
          useOutbox.setState((state) => ({
            refused: [...state.refused, { id: entry.id ?? 0, label: entry.label, reason: reasonOf(error) }],
          }));
        }
        await forget(entry);
        sent += 1;
      }
    } finally {
      useOutbox.setState({ syncing: false });
      replaying = null;
      // Whatever others did meanwhile, the screens now show the server's list.
      if (sent > 0) refreshAfterChange('everything');
    }
  })();
  return replaying;
}

let loading: Promise<void> | null = null;
let loaded = false;

/** Reads the edits a previous visit left (once), ahead of any kept since. */
function loadStored(): Promise<void> {
  // Signed out: no edits can wait (sign-out deleted them), and opening would make the database again.
  if (!useSessionStore.getState().session) return Promise.resolve();
  loading ??= (async () => {
    let earlier: OutboxEntry[];
    try {
      const { localDb, safely } = await import('../../lib/local-db.js');
      earlier = await safely(() => localDb().Outbox.orderBy('id').toArray(), []);
    } catch (error) {
      // Its code could not load (no connection, not cached yet): the next request tries again.
      console.error('Local database error', error);
      loading = null;
      return;
    }
    const ids = new Set(earlier.map((e) => e.id));
    useOutbox.setState((state) => ({
      pending: [...earlier, ...state.pending.filter((e) => !ids.has(e.id))],
    }));
    loaded = true;
  })();
  return loading;
}

/** null once the stored edits are in `pending`; else their loading, started now if need be. */
export function outboxReady(): Promise<void> | null {
  return loaded ? null : loadStored();
}

/** Loads the edits a previous visit left, follows the connection, and replays when it returns. */
export function startOutbox(): void {
  afterFirstScreen(() =>
    loadStored().then(() => {
      if (navigator.onLine && useOutbox.getState().pending.length > 0) void replay();
    }),
  );
  const update = () => {
    useOutbox.setState({ online: navigator.onLine });
    if (navigator.onLine) void replay();
  };
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  // A server that was down comes back without an 'online' event: try again now and then.
  setInterval(() => {
    if (navigator.onLine && useOutbox.getState().pending.length > 0) void replay();
  }, 15_000);
}

/** Sign-out: the edits belonged to that session. */
export function clearOutbox(): void {
  useOutbox.setState({ pending: [], refused: [] });
}

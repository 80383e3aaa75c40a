// Keeps the initial data's `lists` (home, the add-to-list dialog, /w/lists) in step with the
// server after a create, rename or delete, sorted by name as the spec asks. Item counts change
// with the list's items: recountLists asks the server again (as another member's change does).
import { compareByName, type ListSummary } from '@kete/shared';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { reloadWorkspaceData } from '../live/refresh-workspace.js';

export function upsertList(lists: ListSummary[], list: ListSummary): ListSummary[] {
  // An answer without a count (an offline write's stand-in) keeps the count last known.
  const itemCount = list.itemCount ?? lists.find((l) => l.id === list.id)?.itemCount;
  const kept = itemCount === undefined ? list : { ...list, itemCount };
  return [...lists.filter((l) => l.id !== list.id), kept].sort(compareByName);
}

/** '1 item', '3 items', 'Empty'; nothing when the count is not known (older kept start-up data). */
export function itemCountText(count: number | undefined): string | null {
  if (count === undefined) return null;
  if (count === 0) return 'Empty';
  return `${count} item${count === 1 ? '' : 's'}`;
}

export function putWorkspaceList(list: ListSummary): void {
  useWorkspaceStore.getState().update((data) => ({ ...data, lists: upsertList(data.lists, list) }));
}

export function dropWorkspaceList(listId: number): void {
  useWorkspaceStore
    .getState()
    .update((data) => ({ ...data, lists: data.lists.filter((l) => l.id !== listId) }));
}

/** After this phone changed a list's items: the counts come again with the start-up data. */
export const recountLists = () => reloadWorkspaceData(0);

export const useWorkspaceLists = () => useWorkspaceStore((s) => s.data?.lists ?? []);

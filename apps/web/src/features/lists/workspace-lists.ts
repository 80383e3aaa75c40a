// Keeps the initial data's `lists` (home, the add-to-list dialog, /w/lists) in step with the
// server after a create, rename or delete, sorted by name as the spec asks.
import { compareByName, type ListSummary } from '@kete/shared';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

export function upsertList(lists: ListSummary[], list: ListSummary): ListSummary[] {
  return [...lists.filter((l) => l.id !== list.id), list].sort(compareByName);
}

export function putWorkspaceList(list: ListSummary): void {
  useWorkspaceStore.getState().update((data) => ({ ...data, lists: upsertList(data.lists, list) }));
}

export function dropWorkspaceList(listId: number): void {
  useWorkspaceStore
    .getState()
    .update((data) => ({ ...data, lists: data.lists.filter((l) => l.id !== listId) }));
}

export const useWorkspaceLists = () => useWorkspaceStore((s) => s.data?.lists ?? []);

// Confirming the store modal: the added and removed stores go to the server, then the workspace
// data (its stores and the specials cards on home) follows without a reload.
import { useMutation } from '@tanstack/react-query';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { addStore, removeStore } from './api/stores-api.js';
import { selectionChanges, withSelectedStores } from './selection-changes.js';

export function useConfirmStores(onDone: () => void) {
  return useMutation({
    mutationFn: async (selectedIds: ReadonlySet<number>) => {
      const data = useWorkspaceStore.getState().data;
      if (!data) return;
      const shortCode = data.workspace.shortCode;
      const { added, removed } = selectionChanges(
        data.stores.workspace.map((s) => s.id),
        selectedIds,
      );
      const [cards] = await Promise.all([
        Promise.all(added.map((id) => addStore(shortCode, id))),
        Promise.all(removed.map((id) => removeStore(shortCode, id))),
      ]);
      useWorkspaceStore.getState().update((current) => withSelectedStores(current, selectedIds, cards));
    },
    onSuccess: onDone,
  });
}

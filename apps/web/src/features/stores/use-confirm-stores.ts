// Confirming the store modal: what the shopper changed since it opened (the removed, then the added
// stores) goes to the server, then the workspace data (its stores and the specials cards on home)
// follows without a reload. A store another phone added meanwhile is left alone.
import { useMutation } from '@tanstack/react-query';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { addStore, removeStore } from './api/stores-api.js';
import { selectionChanges, withSelectedStores } from './selection-changes.js';

export interface StoreSelection {
  /** The stores selected when the modal opened. */
  before: ReadonlySet<number>;
  after: ReadonlySet<number>;
}

export function useConfirmStores(onDone: () => void) {
  return useMutation({
    mutationFn: async ({ before, after }: StoreSelection) => {
      const shortCode = useWorkspaceStore.getState().data?.workspace.shortCode;
      if (!shortCode) return;
      const { added, removed } = selectionChanges(before, after);
      // Removals first, so a shopper at the store cap can swap one store for another.
      await Promise.all(removed.map((id) => removeStore(shortCode, id)));
      const outcomes = await Promise.allSettled(added.map((id) => addStore(shortCode, id)));
      // A store the server refused (the cap, reached from another phone) is not kept, and the
      // refusal is the mutation's error for the step to show; the stores it took are kept.
      const taken = added.filter((_, i) => outcomes[i]?.status === 'fulfilled');
      const cards = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      useWorkspaceStore.getState().update((current) => {
        const ids = new Set(current.stores.workspace.map((store) => store.id));
        for (const id of removed) ids.delete(id);
        for (const id of taken) ids.add(id);
        return withSelectedStores(current, ids, cards);
      });
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    },
    onSuccess: onDone,
  });
}

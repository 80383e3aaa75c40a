// The add-to-list dialog: the workspace's lists and a 'Create list' link; with no lists the
// 'Create list' dialog opens directly (spec section 2, "Dialogs"). Creating a list puts the
// product in it. A full list or a refusal is said above the lists; at the lists cap 'Create list'
// is off and the cap's message says why.
import { capState, type Product } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ListPlus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.js';
import { Modal } from '../../components/ui/modal.js';
import { CapNotice } from '../caps/cap-notice.js';
import { refusalMessage } from '../caps/show-refusal.js';
import { addToList, createList, listProductsKey } from '../lists/api/lists-api.js';
import { assertListRoom } from '../lists/list-caps.js';
import { ListNameDialog } from '../lists/list-name-dialog.js';
import { putWorkspaceList, recountLists, useWorkspaceLists } from '../lists/workspace-lists.js';

export function AddToListDialog({ product, onClose }: { product: Product; onClose(): void }) {
  const lists = useWorkspaceLists();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(lists.length === 0);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const listsCap = capState(lists.length, 'lists');

  if (creating) {
    return (
      <ListNameDialog
        title="Create list"
        onClose={onClose}
        onSave={async (name) => {
          const list = await createList(name, product.id);
          putWorkspaceList(list);
        }}
      />
    );
  }

  async function choose(listId: number) {
    setBusy(true);
    setRefusal(null);
    try {
      assertListRoom(queryClient, listId, product.id);
      await addToList(listId, product.id);
      await queryClient.invalidateQueries({ queryKey: listProductsKey(listId) });
      recountLists();
      onClose();
    } catch (error) {
      setRefusal(refusalMessage(error));
      setBusy(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Add to list">
      {refusal && (
        <Alert kind="danger" className="mb-3">
          {refusal}
        </Alert>
      )}
      <ul
        data-list-area
        className="-mx-4 max-h-128 divide-y overflow-y-auto divide-stone-200 border-y border-stone-200"
      >
        {lists.map((list) => (
          <li key={list.id}>
            <button
              type="button"
              disabled={busy}
              onClick={() => void choose(list.id)}
              className="flex min-h-12 w-full items-center px-4 text-left font-medium hover:bg-stone-50"
            >
              {list.name}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        disabled={listsCap.atCap}
        onClick={() => setCreating(true)}
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-xl px-2 font-semibold text-flax-700 underline-offset-4 hover:underline disabled:text-stone-400 disabled:no-underline"
      >
        <ListPlus aria-hidden="true" className="size-5" />
        Create list
      </button>
      <CapNotice cap={listsCap} className="mt-2" />
    </Modal>
  );
}

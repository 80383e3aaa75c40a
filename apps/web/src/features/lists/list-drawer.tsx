// The list drawer (kind 'list'): the list's products (swipe right or the cross removes one) and
// its menu. The drawer's header carries the list's name. Near the list's cap it counts its
// products; at the cap it says so. A refusal to copy it to the shopping list shows in the toast.
import { capState } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { ListX } from 'lucide-react';
import { useState } from 'react';
import { ProductRow } from '../../components/product/product-row.js';
import { isOfflineFailure, NotAvailableOffline } from '../../components/ui/not-available-offline.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { usePendingAction } from '../../components/ui/use-pending-action.js';
import { CapNotice } from '../caps/cap-notice.js';
import { showRefusal } from '../caps/show-refusal.js';
import { namedListExport } from '../list-io/export-items.js';
import { ShareListButton } from '../list-io/list-io-buttons.js';
import { DrawerHeaderActions } from '../shell/drawer-header-actions.js';
import type { Drawer } from '../shell/drawer-store.js';
import { listProductsQuery } from './api/lists-api.js';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.js';
import { EmptyState } from './empty-state.js';
import { ListMenu, type ListMenuChoice } from './list-menu.js';
import { ListNameDialog } from './list-name-dialog.js';
import { ListTextItems } from './list-text-items.js';
import { useListActions } from './use-list-actions.js';
import { useWorkspaceLists } from './workspace-lists.js';

export function ListDrawer({ drawer: { listId } }: { drawer: Extract<Drawer, { kind: 'list' }> }) {
  const { data: products, isPending, error } = useQuery(listProductsQuery(listId));
  const name = useWorkspaceLists().find((list) => list.id === listId)?.name ?? '';
  const actions = useListActions(listId);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  // 'Add to shopping list' sends one request at a time: the entry is disabled while it runs.
  const adding = usePendingAction();

  function choose(choice: ListMenuChoice) {
    if (choice === 'Edit name') setDialog('edit');
    if (choice === 'Delete list') setDialog('delete');
    if (choice === 'Add to shopping list') adding.run(() => actions.addAllToCart().catch(showRefusal));
  }

  return (
    <div>
      {/* The spec puts the list's menu in the drawer's header, beside its name. */}
      <DrawerHeaderActions>
        {products && products.length > 0 && (
          <ShareListButton label="Share or export this list" list={() => namedListExport(name, products)} />
        )}
        <ListMenu onChoose={choose} pending={adding.pending ? ['Add to shopping list'] : []} />
      </DrawerHeaderActions>
      {isPending && <DelayedSpinner />}
      {!products && isOfflineFailure(error) && <NotAvailableOffline />}
      {products?.length === 0 && (
        <EmptyState icon={ListX} title="No items" text="Search for items to add to this list" />
      )}
      {products && <CapNotice cap={capState(products.length, 'listItems')} className="mb-3" />}
      {products && products.length > 0 && (
        <ul className="-mx-4 divide-y divide-stone-200 border-y border-stone-200">
          {products.map((product) => (
            <li key={product.id}>
              <ProductRow product={product} inList onSwipeRight={() => actions.removeProduct(product.id)} />
            </li>
          ))}
        </ul>
      )}
      {products && <ListTextItems listId={listId} />}
      {dialog === 'edit' && (
        <ListNameDialog
          title="Edit"
          initialName={name}
          onSave={actions.rename}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDeleteDialog onClose={() => setDialog(null)} onConfirm={() => actions.remove()} />
      )}
    </div>
  );
}

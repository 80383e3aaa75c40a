// The shopping list's header buttons (issue 13): 'Share or export' (when there is something to
// share) and 'Import'. A named list's drawer uses ShareListButton alone.
import { type CartItem, type ExportList, sharedNameOf, type TextItem } from '@kete/shared';
import { ListPlus, Share2 } from 'lucide-react';
import { useState } from 'react';
import { confirmAction } from '../../components/ui/action-toast.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { useStoreInclusion } from '../cart/cart-settings.js';
import { cartExport } from './export-items.js';
import { ImportDialog } from './import-dialog.js';
import { ShareExportDialog } from './share-export-dialog.js';

const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 hover:bg-stone-100';

export function ShareListButton({ label, list }: { label: string; list: () => ExportList }) {
  const [open, setOpen] = useState<ExportList | null>(null);
  return (
    <>
      <button type="button" aria-label={label} onClick={() => setOpen(list())} className={iconButton}>
        <Share2 aria-hidden="true" className="size-5" />
      </button>
      {open && <ShareExportDialog list={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export function CartIoButtons({
  cart,
  written = [],
}: {
  cart: CartItem[] | undefined;
  written?: TextItem[];
}) {
  const data = useWorkspaceStore((s) => s.data);
  const { isIncluded } = useStoreInclusion();
  const [importing, setImporting] = useState(false);
  const name = data ? `${sharedNameOf(data.workspace)} shopping list` : 'Shopping list';
  return (
    <>
      {cart && cart.length + written.length > 0 && (
        <ShareListButton
          label="Share or export the shopping list"
          list={() => cartExport(name, cart, data?.stores.workspace ?? [], isIncluded, written)}
        />
      )}
      <button
        type="button"
        aria-label="Import a list"
        onClick={() => setImporting(true)}
        className={iconButton}
      >
        <ListPlus aria-hidden="true" className="size-5" />
      </button>
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onDone={(count) => {
            setImporting(false);
            // The app's one confirmation line: a second box here stacked over the add's toast.
            confirmAction(
              count === 1
                ? 'Added 1 item to the shopping list.'
                : `Added ${count} items to the shopping list.`,
            );
          }}
        />
      )}
    </>
  );
}

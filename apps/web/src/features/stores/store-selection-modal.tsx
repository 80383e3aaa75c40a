// The store selection modal (store-selection-dialog.tsx), its code loaded on its first opening
// (components/ui/lazy-dialog.tsx): home's first load does not carry it unless it opens at once.
import { lazyDialog, WhenOpened } from '../../components/ui/lazy-dialog.js';
import type { StoreSelectionModalProps } from './store-selection-dialog.js';

const StoreSelectionDialog = lazyDialog(() =>
  import('./store-selection-dialog.js').then((m) => m.StoreSelectionDialog),
);

export function StoreSelectionModal(props: StoreSelectionModalProps) {
  return (
    <WhenOpened open={props.open}>
      <StoreSelectionDialog {...props} />
    </WhenOpened>
  );
}

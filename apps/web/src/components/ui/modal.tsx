// The app's dialog with 'Cancel' and 'Save' (modal-dialog.tsx), its code loaded on its first
// opening (lazy-dialog.tsx).
import { lazyDialog, WhenOpened } from './lazy-dialog.js';
import type { ModalProps } from './modal-dialog.js';

export type { ModalProps };

const ModalDialog = lazyDialog(() => import('./modal-dialog.js').then((m) => m.ModalDialog));

export function Modal(props: ModalProps) {
  return (
    <WhenOpened open={props.open}>
      <ModalDialog {...props} />
    </WhenOpened>
  );
}

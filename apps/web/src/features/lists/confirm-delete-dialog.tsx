// 'Are you sure you want to delete this list?' with 'This action cannot be undone.', Cancel and
// Delete (spec section 2). Same 300/200 ms motion as every dialog.
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../../components/ui/button.js';

export function ConfirmDeleteDialog({
  onConfirm,
  onClose,
  busy = false,
}: {
  /** Its promise keeps Delete disabled until the request settles. */
  onConfirm(): unknown;
  onClose(): void;
  busy?: boolean;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-stone-900/40" />
        <Dialog.Content
          role="alertdialog"
          className="dialog-panel fixed inset-x-4 top-1/2 z-50 mx-auto max-w-sm -translate-y-1/2 rounded-3xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">
            Are you sure you want to delete this list?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-stone-700">
            This action cannot be undone.
          </Dialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              Delete
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// A question before an action that cannot be undone ('Are you sure you want to delete this
// list?', 'Leave "Ngā Kete"?'): a title, a sentence, Cancel and the action's button. Same 300/200
// ms motion as every dialog.
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from './button.js';

export interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  /** Its promise keeps the button disabled until the request settles. */
  onConfirm(): unknown;
  onClose(): void;
  busy?: boolean;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-stone-900/40" />
        <Dialog.Content
          role="alertdialog"
          className="dialog-panel fixed inset-x-4 top-1/2 z-50 mx-auto max-w-sm -translate-y-1/2 rounded-3xl sheet-surface p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-stone-700">{description}</Dialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// 'Are you sure you want to delete this list?' with 'This action cannot be undone.', Cancel and
// Delete (spec section 2).
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';

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
    <ConfirmDialog
      title="Are you sure you want to delete this list?"
      description="This action cannot be undone."
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
      busy={busy}
    />
  );
}

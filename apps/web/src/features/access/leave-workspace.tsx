// 'Leave this list' (issue 32): a Shared member leaves a workspace shared with them, after saying
// so in a dialog. The Owner sees them gone live (an 'access' event); this phone forgets what it kept
// of the list (the API client, on the answer) and opens the member's own list. The dialog's open
// state lives outside the avatar menu's sheet, which unmounts when it closes.
import { sharedNameOf } from '@kete/shared';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { giveUpWorkspace } from './api/membership-api.js';

const useLeaveOpen = create<{ open: boolean; set(open: boolean): void }>()((set) => ({
  open: false,
  set: (open) => set({ open }),
}));

export const openLeaveWorkspace = () => useLeaveOpen.getState().set(true);

export function LeaveWorkspaceHost() {
  const { open, set } = useLeaveOpen();
  return open ? <LeaveWorkspaceDialog onClose={() => set(false)} /> : null;
}

function LeaveWorkspaceDialog({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  const data = useWorkspaceStore((s) => s.data);
  if (!data) return null;
  const name = sharedNameOf(data.workspace);
  // The member's own workspace comes first in their list of workspaces.
  const own = data.sharedWorkspaces.find((w) => w.shortCode !== data.workspace.shortCode);
  const leave = () =>
    giveUpWorkspace(data.workspace.shortCode)
      .catch(() => undefined)
      .then(() => {
        onClose();
        navigate(own ? `/a/switch/${encodeURIComponent(own.shortCode)}` : '/a/start', { replace: true });
      });
  return (
    <ConfirmDialog
      title={`Leave "${name}"?`}
      description="Its shopping list, lists and favourites will no longer be on this phone. Its owner can share it with you again."
      confirmLabel="Leave"
      onConfirm={leave}
      onClose={onClose}
    />
  );
}

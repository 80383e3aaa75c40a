// The avatar button (initials of displayName) that opens the menu sheet (avatar-menu-sheet.tsx,
// loaded on its first opening: home's first load carries the button alone).
import { initials } from '@kete/shared';
import { useRef, useState } from 'react';
import { lazyDialog, WhenOpened } from '../../components/ui/lazy-dialog.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { LeaveWorkspaceHost } from '../access/leave-workspace.js';
import { RenameWorkspaceHost } from '../rename/rename-entry.js';

const AvatarMenuSheet = lazyDialog(() => import('./avatar-menu-sheet.js').then((m) => m.AvatarMenuSheet));

export interface AvatarMenuProps {
  onGrantAccess(): void;
  onChangeStores(): void;
}

export function AvatarMenu({ onGrantAccess, onChangeStores }: AvatarMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const member = useWorkspaceStore((s) => s.data?.member);
  if (!member) return null;

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-flax-600 font-semibold text-white shadow-sm hover:bg-flax-700"
      >
        <span aria-hidden="true">{initials(member.displayName)}</span>
        <span className="sr-only">Menu for {member.displayName}</span>
      </button>
      <RenameWorkspaceHost />
      <LeaveWorkspaceHost />
      <WhenOpened open={open}>
        <AvatarMenuSheet
          open={open}
          onOpenChange={setOpen}
          button={button}
          onGrantAccess={onGrantAccess}
          onChangeStores={onChangeStores}
        />
      </WhenOpened>
    </>
  );
}

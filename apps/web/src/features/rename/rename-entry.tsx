// The avatar menu's 'Rename shared list' row (Owner only) and the dialog it opens. The dialog's
// open state lives outside the menu sheet, which unmounts when it closes.
import { AccessLevel } from '@kete/shared';
import { PencilLine } from 'lucide-react';
import { create } from 'zustand';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { RenameWorkspaceDialog } from './rename-workspace-dialog.js';

const useRenameOpen = create<{ open: boolean; set(open: boolean): void }>()((set) => ({
  open: false,
  set: (open) => set({ open }),
}));

export function RenameEntry({ onChoose }: { onChoose(): void }) {
  const owner = useWorkspaceStore((s) => s.accessLevel === AccessLevel.Owner);
  if (!owner) return null;
  return (
    <button
      type="button"
      onClick={() => {
        onChoose();
        useRenameOpen.getState().set(true);
      }}
      className="flex min-h-14 w-full items-center gap-4 border-t border-stone-200 px-5 text-left text-base font-medium hover:bg-stone-50"
    >
      <PencilLine aria-hidden="true" className="size-5 text-flax-700" />
      Rename shared list
    </button>
  );
}

export function RenameWorkspaceHost() {
  const { open, set } = useRenameOpen();
  return open ? <RenameWorkspaceDialog onClose={() => set(false)} /> : null;
}

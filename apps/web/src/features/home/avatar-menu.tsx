// The avatar button (initials of displayName) and its menu sheet: 'Statistics', 'Grant access',
// 'Change stores' and 'Sign out', each only where the spec allows it.

import { initials } from '@kete/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { BarChart3, LogOut, type LucideIcon, Store, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { PriceAlertsEntry } from '../prices/price-alerts-entry.js';
import { RenameEntry, RenameWorkspaceHost } from '../rename/rename-entry.js';
import { ThemeChoiceRow } from '../theme/theme-choice.js';
import { type MenuEntry, menuEntries } from './home-logic.js';

const entryLooks: Record<MenuEntry, { label: string; icon: LucideIcon }> = {
  statistics: { label: 'Statistics', icon: BarChart3 },
  grantAccess: { label: 'Grant access', icon: UserPlus },
  changeStores: { label: 'Change stores', icon: Store },
  signOut: { label: 'Sign out', icon: LogOut },
};

export interface AvatarMenuProps {
  onGrantAccess(): void;
  onChangeStores(): void;
}

export function AvatarMenu({ onGrantAccess, onChangeStores }: AvatarMenuProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const member = useWorkspaceStore((s) => s.data?.member);
  const accessLevel = useWorkspaceStore((s) => s.accessLevel);
  if (!member) return null;

  const actions: Record<MenuEntry, () => void> = {
    statistics: () => navigate('/w/statistics'),
    grantAccess: onGrantAccess,
    changeStores: onChangeStores,
    signOut: () => navigate('/logout'),
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="flex size-11 shrink-0 items-center justify-center rounded-full bg-flax-600 font-semibold text-white shadow-sm hover:bg-flax-700">
        <span aria-hidden="true">{initials(member.displayName)}</span>
        <span className="sr-only">Menu for {member.displayName}</span>
      </Dialog.Trigger>
      <RenameWorkspaceHost />
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-stone-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="dialog-panel fixed inset-x-0 bottom-0 z-50 mx-auto w-full max-w-lg rounded-t-3xl bg-white pb-[calc(1rem+var(--spacing-safe-bottom))] shadow-xl"
        >
          <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-stone-300" />
          <Dialog.Title className="px-5 pt-3 pb-1 text-lg font-semibold">{member.displayName}</Dialog.Title>
          <p className="truncate px-5 pb-2 text-sm text-stone-600">{member.email}</p>
          <PriceAlertsEntry />
          <ThemeChoiceRow />
          <RenameEntry onChoose={() => setOpen(false)} />
          <ul className="divide-y divide-stone-200 border-t border-stone-200">
            {menuEntries(member.features, accessLevel).map((entry) => {
              const { label, icon: Icon } = entryLooks[entry];
              return (
                <li key={entry}>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(false);
                      actions[entry]();
                    }}
                    className="flex min-h-14 w-full items-center gap-4 px-5 text-left text-base font-medium hover:bg-stone-50"
                  >
                    <Icon aria-hidden="true" className="size-5 text-flax-700" />
                    {label}
                  </button>
                </li>
              );
            })}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

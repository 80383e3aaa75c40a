// The avatar menu's sheet: the member's name and email, price alerts, the theme, renaming, then
// 'Statistics', 'Grant access', 'Change stores', 'Leave this list' and 'Sign out', each only where
// the rules allow it.
// Its code loads on the menu's first opening (avatar-menu.tsx, components/ui/lazy-dialog.tsx).
import * as Dialog from '@radix-ui/react-dialog';
import { BarChart3, BellRing, DoorOpen, LogOut, type LucideIcon, Store, UserPlus } from 'lucide-react';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { openLeaveWorkspace } from '../access/leave-workspace.js';
import { PriceAlertsEntry } from '../prices/price-alerts-entry.js';
import { RenameEntry } from '../rename/rename-entry.js';
import { ThemeChoiceRow } from '../theme/theme-choice.js';
import { type MenuEntry, menuEntries } from './home-logic.js';

const entryLooks: Record<MenuEntry, { label: string; icon: LucideIcon }> = {
  statistics: { label: 'Statistics', icon: BarChart3 },
  grantAccess: { label: 'Grant access', icon: UserPlus },
  changeStores: { label: 'Change stores', icon: Store },
  leave: { label: 'Leave this list', icon: DoorOpen },
  signOut: { label: 'Sign out', icon: LogOut },
};

export interface AvatarMenuSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The avatar button, which gets the focus back when the sheet closes. */
  button: RefObject<HTMLButtonElement | null>;
  onGrantAccess(): void;
  onChangeStores(): void;
}

export function AvatarMenuSheet({
  open,
  onOpenChange,
  button,
  onGrantAccess,
  onChangeStores,
}: AvatarMenuSheetProps) {
  const navigate = useNavigate();
  const member = useWorkspaceStore((s) => s.data?.member);
  const accessLevel = useWorkspaceStore((s) => s.accessLevel);
  if (!member) return null;

  const actions: Record<MenuEntry, () => void> = {
    statistics: () => navigate('/w/statistics'),
    grantAccess: onGrantAccess,
    changeStores: onChangeStores,
    leave: openLeaveWorkspace,
    signOut: () => navigate('/logout'),
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-stone-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          // The button is not a Radix trigger (it must not load this code), so say where focus goes.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
          className="dialog-panel fixed inset-x-0 bottom-0 z-50 mx-auto w-full max-w-lg rounded-t-3xl sheet-surface pb-[calc(1rem+var(--spacing-safe-bottom))] shadow-xl"
        >
          <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-stone-300" />
          <Dialog.Title className="px-5 pt-3 pb-1 text-lg font-semibold">{member.displayName}</Dialog.Title>
          <p className="truncate px-5 pb-2 text-sm text-stone-600">{member.email}</p>
          <PriceAlertsEntry />
          <button
            type="button"
            onClick={() => {
              onOpenChange(false);
              navigate('/w/notifications');
            }}
            className="flex min-h-14 w-full items-center gap-4 border-t border-stone-200 px-5 text-left text-base font-medium hover:bg-stone-50"
          >
            <BellRing aria-hidden="true" className="size-5 text-flax-700" />
            Notifications
          </button>
          <ThemeChoiceRow />
          <RenameEntry onChoose={() => onOpenChange(false)} />
          <ul className="divide-y divide-stone-200 border-t border-stone-200">
            {menuEntries(member.features, accessLevel).map((entry) => {
              const { label, icon: Icon } = entryLooks[entry];
              return (
                <li key={entry}>
                  <button
                    type="button"
                    onClick={() => {
                      onOpenChange(false);
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

// A full-height panel sliding in from the right (wide screens' drawers, menus).
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface SidePanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
}

export function SidePanel({ open, onOpenChange, title, children }: SidePanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-stone-900/30" />
        <Dialog.Content
          aria-describedby={undefined}
          className="side-panel fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-xl"
        >
          <header className="flex items-center justify-between border-b border-stone-200 py-1 pr-1 pl-4">
            <Dialog.Title className="truncate text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="flex size-11 items-center justify-center rounded-full hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto p-4 pb-[calc(1rem+var(--spacing-safe-bottom))]">
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// A dialog with 'Cancel' and 'Save' in its header (spec section 2), animated 300 ms in and 200 ms
// out. Radix traps focus and closes on Escape; `dismissible={false}` keeps it open on outside
// clicks and Escape for dialogs the spec says must not be dismissed that way.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.js';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  /** Return the request's promise: 'Save' stays disabled until it settles (spec section 4). */
  onSave?(): unknown;
  saveLabel?: string;
  saveDisabled?: boolean;
  /** Hides 'Cancel' (e.g. a first-visit step the user must finish). */
  hideCancel?: boolean;
  dismissible?: boolean;
  /** Extra classes for the panel, e.g. a height limit such as max-h-128. */
  className?: string;
}

export function ModalDialog({
  open,
  onOpenChange,
  title,
  children,
  onSave,
  saveLabel = 'Save',
  saveDisabled = false,
  hideCancel = false,
  dismissible = true,
  className = '',
}: ModalProps) {
  const stop = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-stone-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onPointerDownOutside={stop}
          onEscapeKeyDown={stop}
          className={`dialog-panel fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[90dvh] w-full max-w-lg flex-col rounded-t-3xl sheet-surface pb-safe-bottom shadow-xl sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:rounded-3xl ${className}`}
        >
          <header className="grid grid-cols-[1fr_auto_1fr] items-center border-b border-stone-200 px-2 py-1">
            <div>
              {!hideCancel && (
                <Dialog.Close className="min-h-11 rounded-xl px-3 font-medium text-flax-700 hover:bg-flax-50">
                  Cancel
                </Dialog.Close>
              )}
            </div>
            <Dialog.Title className="truncate px-2 text-center text-base font-semibold">{title}</Dialog.Title>
            <div className="flex justify-end">
              {onSave && (
                <Button
                  variant="bare"
                  onClick={() => onSave()}
                  disabled={saveDisabled}
                  className="min-h-11 rounded-xl px-3 font-semibold text-flax-700 hover:bg-flax-50 disabled:text-stone-400"
                >
                  {saveLabel}
                </Button>
              )}
            </div>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

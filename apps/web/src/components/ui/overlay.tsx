// A full-screen layer with a header and a scrolling body (e.g. the camera, long pickers, import).
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface OverlayProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  /** Something for the header's right side besides the close button (e.g. a torch toggle). */
  actions?: ReactNode;
  closeLabel?: string;
}

export function Overlay({
  open,
  onOpenChange,
  title,
  children,
  actions,
  closeLabel = 'Close',
}: OverlayProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* On a phone the layer fills the screen; wider, it is centred at a readable width over
            a dimmed page (issue 37 item 9). Its surface is the shared solid one (styles.css):
            it once carried the backdrop's class and in the dark let the page show through. */}
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 hidden bg-stone-900/40 md:block" />
        <Dialog.Content
          aria-describedby={undefined}
          className="sheet-surface fixed inset-0 z-50 flex flex-col md:inset-y-8 md:mx-auto md:max-w-2xl md:overflow-hidden md:rounded-3xl md:shadow-xl"
        >
          <header className="flex items-center gap-2 border-b border-stone-200 py-1 pr-1 pl-4 pt-[max(0.25rem,env(safe-area-inset-top))]">
            <Dialog.Title className="min-w-0 flex-1 truncate text-lg font-semibold">{title}</Dialog.Title>
            {actions}
            <Dialog.Close
              aria-label={closeLabel}
              className="flex size-11 items-center justify-center rounded-full hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// The one open drawer: a bottom sheet on phones, a right-side panel on wide screens. Its code loads
// when a drawer first opens (drawer-host.tsx).
// Non-modal on purpose (a Radix dialog with modal={false}): the bottom navigation pill stays
// reachable by pointer, keyboard and screen reader, and using it closes all drawers. vaul was
// tried first, but it keeps the page behind aria-hidden even when asked to be non-modal.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { DrawerHeaderSlot } from './drawer-header-actions.js';
import { type Drawer, useDrawerStore } from './drawer-store.js';
import { viewFor } from './drawer-views.js';

export function DrawerPanel({ open }: { open: boolean }) {
  const drawer = useDrawerStore((s) => s.drawer);
  const closeAll = useDrawerStore((s) => s.closeAll);
  const wide = useMediaQuery('(min-width: 768px)');
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null);
  // Keep showing the last drawer while it slides away.
  const shown = useRef<Drawer | null>(null);
  if (drawer) shown.current = drawer;
  const view = shown.current ? viewFor(shown.current) : null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) closeAll();
      }}
      modal={false}
    >
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          // Taps outside (e.g. on the page behind) leave it open; the close button, Escape and
          // the bottom navigation close it.
          onInteractOutside={(event) => event.preventDefault()}
          className={
            wide
              ? 'side-panel fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col border-l border-stone-200 sheet-surface shadow-xl'
              : 'sheet fixed inset-x-0 bottom-0 z-40 flex max-h-[85dvh] flex-col rounded-t-3xl border-t border-stone-200 sheet-surface pb-[calc(5.5rem+var(--spacing-safe-bottom))] shadow-[0_-8px_30px_rgb(0_0_0/0.12)]'
          }
        >
          {!wide && <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-stone-300" />}
          <header className="flex items-center gap-2 py-1 pr-2 pl-4">
            <Dialog.Title className="min-w-0 flex-1 truncate text-lg font-semibold">
              {view?.title}
            </Dialog.Title>
            <div ref={setHeaderSlot} className="flex items-center gap-1 empty:hidden" />
            <button
              type="button"
              aria-label="Close drawer"
              onClick={closeAll}
              className="flex size-11 items-center justify-center rounded-full hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-4">
            <DrawerHeaderSlot.Provider value={headerSlot}>{view?.content}</DrawerHeaderSlot.Provider>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// The store selection modal's dialog (spec section 2): an intro on a first visit, then 'Select
// stores'. An outside click never closes it; on a first visit (no stores yet) nothing but
// confirming does.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { lazy, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { KeteMark } from '../../components/ui/kete-mark.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { Loading } from '../products/lazy-view.js';

// The store list (389 stores, virtualised) loads when the modal opens: it is not part of home's
// first load (the first-load budget is 150 KB of JavaScript gzipped).
const StoreSelectionStep = lazy(() =>
  import('./store-selection-step.js').then((m) => ({ default: m.StoreSelectionStep })),
);

export interface StoreSelectionModalProps {
  open: boolean;
  /** Start on the intro ('Where do you shop?'): the automatic first-visit opening. */
  intro: boolean;
  onClose(): void;
  /** Offered on the intro when the shopper has another list to use: they may choose stores later. */
  onNotNow?(): void;
}

export function StoreSelectionDialog({ open, intro, onClose, onNotNow }: StoreSelectionModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-stone-900/40" />
        {open && <StoreSelectionContent intro={intro} onClose={onClose} onNotNow={onNotNow} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function StoreSelectionContent({
  intro,
  onClose,
  onNotNow,
}: Pick<StoreSelectionModalProps, 'intro' | 'onClose' | 'onNotNow'>) {
  // "First time" is decided once, when the modal opens: a workspace with no stores yet.
  const [firstTime] = useState(() => (useWorkspaceStore.getState().data?.stores.workspace.length ?? 0) === 0);
  const [step, setStep] = useState<'intro' | 'select'>(intro ? 'intro' : 'select');
  return (
    <Dialog.Content
      aria-describedby={step === 'intro' ? 'store-intro-text' : undefined}
      onInteractOutside={(event) => event.preventDefault()}
      onEscapeKeyDown={(event) => {
        if (firstTime) event.preventDefault();
      }}
      className={`dialog-panel fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-lg flex-col rounded-t-3xl sheet-surface pb-safe-bottom shadow-xl sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:rounded-3xl ${
        step === 'select' ? 'h-[92dvh] sm:h-[80dvh]' : ''
      }`}
    >
      <header className="flex items-center gap-2 border-b border-stone-200 py-1 pr-2 pl-4">
        <Dialog.Title className="min-h-11 flex-1 content-center text-lg font-semibold">
          {step === 'intro' ? 'Where do you shop?' : 'Select stores'}
        </Dialog.Title>
        {!firstTime && (
          <Dialog.Close
            aria-label="Close"
            className="flex size-11 items-center justify-center rounded-full hover:bg-stone-100"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        )}
      </header>
      {step === 'intro' ? (
        <div className="flex flex-col items-center gap-5 px-6 pt-6 pb-8 text-center">
          <KeteMark className="size-16" />
          <p id="store-intro-text" className="text-lg text-stone-700">
            Select the local stores you shop at to find the best deals.
          </p>
          <Button className="w-full" onClick={() => setStep('select')}>
            Continue
          </Button>
          {onNotNow && (
            <Button variant="ghost" className="-mt-2 w-full" onClick={onNotNow}>
              Not now
            </Button>
          )}
        </div>
      ) : (
        <Loading>
          <StoreSelectionStep firstTime={firstTime} onDone={onClose} />
        </Loading>
      )}
    </Dialog.Content>
  );
}

// A calm line at the top while there is no connection or edits are still being sent, and any
// edit the server refused, with its reason, until the shopper dismisses it.
import { CloudOff, RefreshCw, X } from 'lucide-react';
import { useOutbox } from './outbox.js';

export function OfflineIndicator() {
  const { online, pending, syncing, refused, dismiss } = useOutbox();
  const waiting = pending.length;
  const status = !online
    ? `Offline${waiting > 0 ? ` · ${waiting} ${waiting === 1 ? 'change' : 'changes'} saved on this phone` : ''}`
    : syncing && waiting > 0
      ? `Sending ${waiting} ${waiting === 1 ? 'change' : 'changes'}…`
      : null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[max(0.5rem,env(safe-area-inset-top))] z-40 flex flex-col items-center gap-2 px-4">
      <div role="status" aria-live="polite">
        {status && (
          <p
            data-testid="offline-indicator"
            className="flex items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-700 shadow-sm"
          >
            {online ? (
              <RefreshCw aria-hidden="true" className="size-4" />
            ) : (
              <CloudOff aria-hidden="true" className="size-4" />
            )}
            {status}
          </p>
        )}
      </div>
      {refused.map((edit) => (
        <div
          key={edit.id}
          role="alert"
          className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-sm"
        >
          <p className="flex-1">
            <span className="font-semibold">Not saved: {edit.label}.</span> {edit.reason}
          </p>
          <button
            type="button"
            onClick={() => dismiss(edit.id)}
            className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-full"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      ))}
    </div>
  );
}

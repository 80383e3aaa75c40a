// Start-up with no connection and nothing of that workspace kept on this device (decision 0017):
// it says so, instead of a blank page or the sign-in page, and tries again once the phone is back
// online (or when asked to).
import { useEffect } from 'react';
import { Button } from '../../components/ui/button.js';
import { KeteMark } from '../../components/ui/kete-mark.js';
import { isOfflineFailure, NOT_AVAILABLE_OFFLINE } from '../../components/ui/not-available-offline.js';

/** A start-up failure that is for want of a connection, with the phone offline. */
export const offlineWithNothingKept = (error: unknown) => isOfflineFailure(error) && !navigator.onLine;

export function OfflineStart({ onRetry }: { onRetry(): void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <KeteMark className="size-16 text-flax-700" />
      <h1 className="text-lg font-semibold text-stone-800">{NOT_AVAILABLE_OFFLINE}</h1>
      <p className="max-w-xs text-stone-600">
        This shopping list has not been opened on this phone with a connection yet. It opens as soon as you
        are back online.
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </main>
  );
}

// What a screen says when there is no connection and this device has kept nothing of what it
// would show (decision 0017): never a blank screen. Also what a failure is, by its error.
import { CloudOff } from 'lucide-react';
import { ApiRequestError } from '../../lib/api-errors.js';

export const NOT_AVAILABLE_OFFLINE = 'Not available offline yet';

/** A read that failed for want of a connection (and had nothing kept to answer with). */
export const isOfflineFailure = (error: unknown) => error instanceof ApiRequestError && error.status === 0;

export function NotAvailableOffline({ className = '' }: { className?: string }) {
  return (
    <div role="status" className={`flex flex-col items-center px-6 py-10 text-center ${className}`}>
      <CloudOff aria-hidden="true" className="mb-3 size-10 text-stone-400" />
      <p className="text-lg font-semibold">{NOT_AVAILABLE_OFFLINE}</p>
      <p className="mt-1 max-w-xs text-stone-600">
        This phone has not shown it with a connection yet. It will appear as soon as you are back online.
      </p>
    </div>
  );
}

// In in-store mode: 'I'm going to PAK'nSAVE Albany' tells the household (issue 35). Once this
// member's trip is on, it says so; another member's trip here is shown as theirs.
import { describeTrip } from '@kete/shared';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { isMyTrip, startTrip, useShoppingTrip } from './shopping-trip.js';

export function GoingShopping({ storeId, storeName }: { storeId: number; storeName: string }) {
  const trip = useShoppingTrip();
  const [busy, setBusy] = useState(false);
  if (trip && isMyTrip(trip) && trip.storeId === storeId) {
    return (
      <p
        role="status"
        data-trip-banner
        className="mx-4 mt-3 rounded-xl bg-flax-50 px-3 py-2 text-sm font-semibold text-flax-800"
      >
        The household knows you are shopping here. New items they add are marked New.
      </p>
    );
  }
  return (
    <div className="mx-4 mt-3 flex flex-col gap-1">
      {trip && !isMyTrip(trip) && (
        <p role="status" className="text-sm text-stone-600">
          {describeTrip(trip, trip.storeId === storeId ? storeName : undefined)}.
        </p>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await startTrip(storeId);
          } finally {
            setBusy(false);
          }
        }}
        className="flex min-h-11 items-center justify-center gap-2 rounded-xl border border-flax-600 px-3 font-semibold text-flax-700 hover:bg-flax-50"
      >
        <Megaphone aria-hidden="true" className="size-5" />
        I'm going to {storeName}
      </button>
    </div>
  );
}

// 'Sam is shopping at PAK'nSAVE Albany' (issue 35) on home and the shopping list; the shopper
// sees their own trip with a way back to the store and an end.
import { describeTrip } from '@kete/shared';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { endTrip, isMyTrip, useShoppingTrip } from './shopping-trip.js';

export function TripBanner({ className = '' }: { className?: string }) {
  const trip = useShoppingTrip();
  const store = useWorkspaceStore((s) => s.data?.stores.all.find((x) => x.id === trip?.storeId));
  if (!trip) return null;
  const mine = isMyTrip(trip);
  return (
    <section
      aria-label="Shopping trip"
      data-trip-banner
      className={`flex items-center gap-3 rounded-xl border border-flax-100 bg-flax-50 px-3 py-2 text-flax-800 ${className}`}
    >
      <ShoppingCart aria-hidden="true" className="size-5 shrink-0" />
      <p role="status" className="min-w-0 flex-1 text-sm font-semibold">
        {mine ? `You are shopping${store ? ` at ${store.name}` : ''}` : describeTrip(trip, store?.name)}
      </p>
      {mine && (
        <>
          <Link
            to={`/w/shop/${trip.storeId}`}
            className="flex min-h-11 items-center px-1 text-sm font-semibold underline"
          >
            Open
          </Link>
          <button
            type="button"
            onClick={() => void endTrip()}
            className="min-h-11 px-1 text-sm font-semibold underline"
          >
            End
          </button>
        </>
      )}
    </section>
  );
}

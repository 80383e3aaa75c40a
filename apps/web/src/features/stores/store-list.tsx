// The stores to choose from, virtualised: all ~390 stores stay quick to scroll and to filter on a
// phone because only the rows in view are in the page.
import { openingHoursText, storeTypeNames } from '@kete/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Check } from 'lucide-react';
import { useRef } from 'react';
import { StoreLogo } from '../../components/ui/chain-mark.js';
import { formatDistance } from './geo.js';
import type { StoreRow } from './store-rows.js';

const ROW_HEIGHT = 60;
/** The store cap's notice, which a store that cannot be ticked points to. */
export const STORE_CAP_ID = 'store-cap-notice';

export interface StoreListProps {
  rows: readonly StoreRow[];
  selectedIds: ReadonlySet<number>;
  /** At the store cap: stores not selected cannot be ticked (the step says why). */
  full?: boolean;
  onToggle(storeId: number): void;
}

export function StoreList({ rows, selectedIds, full = false, onToggle }: StoreListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
      <ul aria-label="Stores" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const { store, distanceKm } = row;
          const selected = selectedIds.has(store.id);
          const locked = full && !selected;
          // "Open until 9 pm" where the chain publishes the store's hours (issue 11).
          const hours = openingHoursText(store.openingHours, new Date());
          return (
            <li
              key={store.id}
              className="absolute inset-x-0 top-0 border-b border-stone-200"
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <label
                className={`relative flex h-full items-center gap-3 px-4 ${
                  locked ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:bg-stone-50'
                }`}
              >
                <input
                  type="checkbox"
                  // Invisible but covering the row, so a tap anywhere on it toggles the store.
                  className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                  checked={selected}
                  disabled={locked}
                  aria-describedby={locked ? STORE_CAP_ID : undefined}
                  onChange={() => onToggle(store.id)}
                />
                {/* The chain is named in the line below; the badge is only for the eye. */}
                <span aria-hidden="true">
                  <StoreLogo type={store.type} size={28} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{store.name}</span>
                  <span className="block text-sm text-stone-600">
                    {storeTypeNames[store.type]}
                    {distanceKm !== null && <span className="tabular"> · {formatDistance(distanceKm)}</span>}
                    {hours && <span data-store-hours> · {hours}</span>}
                  </span>
                </span>
                <span
                  aria-hidden="true"
                  className={`flex size-6 shrink-0 items-center justify-center rounded-md border-2 peer-focus-visible:outline-3 peer-focus-visible:outline-flax-600 ${
                    selected ? 'border-flax-600 bg-flax-600 text-white' : 'border-stone-400 bg-white'
                  }`}
                >
                  {selected && <Check className="size-4" strokeWidth={3} />}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

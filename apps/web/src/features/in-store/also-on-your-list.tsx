// Issue 49 item 5, in store nothing on the list is hidden: under the store's own aisles, the items
// the split or plan put at other stores (or none), each saying where it is cheaper and by how
// much, tickable here: a tick buys it at this store after all.
import { elsewhereNote, formatMoney } from '@kete/shared';
import type { TripLine } from './trip-logic.js';
import { TripRow } from './trip-row.js';
import { type ElsewhereLine, tripLineOf } from './use-planned-lines.js';

/** The trip line an item planned elsewhere becomes when it is bought here: at this store's price. */
export const alsoTripLine = ({ item, hereTotal }: ElsewhereLine): TripLine =>
  tripLineOf(item.product, item.product.id, item.quantity, hereTotal ?? 0);

export function AlsoOnYourList({
  items,
  storeName,
  onTick,
}: {
  items: readonly ElsewhereLine[];
  storeName: (storeId: number) => string;
  onTick(line: TripLine): void;
}) {
  if (items.length === 0) return null;
  return (
    <section data-also-on-list aria-labelledby="also-on-list" className="mt-4">
      <h2
        id="also-on-list"
        className="flex min-h-12 items-center border-y border-stone-200 bg-stone-100 px-4 font-semibold"
      >
        Also on your list
      </h2>
      <ul className="divide-y divide-stone-200">
        {items.map((found) => {
          const { product } = found.item;
          const line = alsoTripLine(found);
          return (
            <li key={product.id} data-also-item={product.id}>
              <TripRow
                line={line}
                ticked={false}
                elsewhere
                onToggle={() => onTick(line)}
                note={
                  <span
                    data-also-note
                    className={`text-sm ${found.cheaperBy === null ? 'text-stone-600' : 'font-semibold text-warm-800'}`}
                  >
                    {elsewhereNote(found, storeName)}
                  </span>
                }
                price={
                  found.hereTotal === null ? (
                    <span className="text-sm text-stone-600">No price here</span>
                  ) : (
                    <span className="tabular font-bold">{formatMoney(found.hereTotal)}</span>
                  )
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// One line of the trip: the whole row is the tick (a 44 px+ target for a thumb in the aisle).
import { formatMoney, formatQuantity } from '@kete/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { ProductImage } from '../../components/product/product-image.js';
import type { TripLine } from './trip-logic.js';

export function TripRow({
  line,
  ticked,
  isNew = false,
  note,
  price,
  elsewhere = false,
  onToggle,
}: {
  line: TripLine;
  ticked: boolean;
  /** A line under the details: where an item planned elsewhere is cheaper (issue 49). */
  note?: ReactNode;
  /** Instead of the line total (an item no store here prices). */
  price?: ReactNode;
  /** Planned for another store ('Also on your list'): marked apart from the trip's own lines. */
  elsewhere?: boolean;
  /** Another member added it during this shopper's trip (issue 35). */
  isNew?: boolean;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      aria-pressed={ticked}
      data-trip-line={elsewhere ? undefined : line.productId}
      data-also-line={elsewhere ? line.productId : undefined}
      onClick={onToggle}
      className={`flex min-h-16 w-full items-center gap-3 px-4 py-2 text-left ${ticked ? 'bg-stone-100' : 'bg-white'}`}
    >
      <span
        aria-hidden="true"
        className={`flex size-7 shrink-0 items-center justify-center rounded-full border-2 ${
          ticked ? 'border-flax-600 bg-flax-600 text-white' : 'border-stone-400 text-transparent'
        }`}
      >
        <Check className="size-4" strokeWidth={3} />
      </span>
      <ProductImage url={line.imageUrl} size={44} />
      <span className={`flex min-w-0 flex-1 flex-col ${ticked ? 'text-stone-600 line-through' : ''}`}>
        <span className="line-clamp-2 leading-snug font-medium">
          {isNew && (
            <span className="mr-1.5 rounded bg-flax-600 px-1.5 py-0.5 align-middle text-xs font-bold text-white no-underline">
              New
            </span>
          )}
          {line.name}
        </span>
        <span className="text-sm text-stone-600">
          {line.brand && <span>{line.brand} · </span>}
          <span className="tabular">× {formatQuantity(line, line.quantity)}</span>
          {line.displayUnits && <span> · {line.displayUnits}</span>}
          {line.listedId === null && <span> · scanned</span>}
        </span>
        {note}
      </span>
      {price ?? <span className="tabular font-bold">{formatMoney(line.lineTotal)}</span>}
    </button>
  );
}

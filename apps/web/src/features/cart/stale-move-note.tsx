// Issue 49 item 6: under a 'By store' line that freshness moved, why ("PAK'nSAVE Kilbirnie's price
// is 12 days old") and a way to keep it there; under a kept line, a way to let the split choose.
import { type StoreGroupLine, staleReason } from '@kete/shared';
import { Clock } from 'lucide-react';

const noteClass = 'flex items-center gap-2 bg-stone-50 py-1 pr-2 pl-14 text-sm text-stone-700';
const buttonClass =
  'min-h-11 shrink-0 rounded-lg px-2 font-semibold text-flax-700 underline hover:bg-flax-50';

export function StaleMoveNote({
  line,
  storeName,
  onKeep,
}: {
  line: StoreGroupLine;
  storeName: (storeId: number) => string;
  onKeep(storeId: number | null): void;
}) {
  if (line.kept)
    return (
      <div data-kept-note={line.product.id} className={noteClass}>
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 flex-1">Kept here, though its price is old</span>
        <button
          type="button"
          onClick={() => onKeep(null)}
          aria-label={`Use the fresh price for ${line.product.name}`}
          className={buttonClass}
        >
          Use the fresh price
        </button>
      </div>
    );
  const moved = line.movedFromStale;
  if (!moved) return null;
  const name = storeName(moved.storeId);
  return (
    <div data-moved-note={line.product.id} className={noteClass}>
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">{staleReason(name, moved.seenAt, Date.now())}</span>
      <button
        type="button"
        onClick={() => onKeep(moved.storeId)}
        aria-label={`Keep it there: ${line.product.name} at ${name}`}
        className={buttonClass}
      >
        Keep it there
      </button>
    </div>
  );
}

// An aisle group's heading in in-store mode (issue 35): its name, a drag handle, and move up /
// move down buttons that do the same from the keyboard or a switch.
import { ChevronDown, ChevronUp, GripVertical } from 'lucide-react';
import type { HTMLAttributes } from 'react';

interface Props {
  title: string;
  first: boolean;
  last: boolean;
  dragging: boolean;
  handle: HTMLAttributes<HTMLElement>;
  onMove(step: -1 | 1): void;
}

const MOVE =
  'flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-stone-200 disabled:opacity-30';

export function AisleHeader({ title, first, last, dragging, handle, onMove }: Props) {
  return (
    <div
      className={`flex items-center gap-1 bg-stone-100 py-0.5 pr-1 pl-1 ${dragging ? 'shadow-lg ring-2 ring-flax-600' : ''}`}
    >
      <span
        {...handle}
        data-drag-handle={title}
        aria-hidden="true"
        title="Drag to change the aisle order"
        className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center text-stone-500 active:cursor-grabbing"
      >
        <GripVertical className="size-5" />
      </span>
      <h2 className="min-w-0 flex-1 truncate text-sm font-bold tracking-wide text-stone-700 uppercase">
        {title}
      </h2>
      <button
        type="button"
        className={MOVE}
        disabled={first}
        onClick={() => onMove(-1)}
        aria-label={`Move ${title} up`}
      >
        <ChevronUp aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={MOVE}
        disabled={last}
        onClick={() => onMove(1)}
        aria-label={`Move ${title} down`}
      >
        <ChevronDown aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

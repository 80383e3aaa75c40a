// A full-width row that follows a horizontal drag (@use-gesture/react) and reports a swipe to the
// left or right when released past the threshold. Under the row, the action each side does is
// shown (coloured and worded). `leaving` slides it out; callers remove it after SWIPE.removalDelayMs.
import { useDrag } from '@use-gesture/react';
import { type ReactNode, useRef, useState } from 'react';
import { dragOffset, type SwipeSide, swipeSide } from './swipe-outcome.js';

export interface SwipeRowProps {
  children: ReactNode;
  onSwipe(side: SwipeSide, movement: { dx: number; dy: number; width: number }): void;
  /** What a swipe to each side does; a side without a label does nothing. */
  leftLabel?: string | undefined;
  rightLabel?: string | undefined;
  leaving?: SwipeSide | null;
}

export function SwipeRow({ children, onSwipe, leftLabel, rightLabel, leaving = null }: SwipeRowProps) {
  const row = useRef<HTMLDivElement>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState(0);
  const sides = { left: Boolean(leftLabel), right: Boolean(rightLabel) };

  const bind = useDrag(
    ({ movement: [dx, dy], last }) => {
      if (Math.abs(dx) > 5) dragged.current = true;
      if (!last) {
        setOffset(dragOffset(dx, dy, sides));
        return;
      }
      setOffset(0);
      const width = row.current?.offsetWidth ?? 0;
      const side = swipeSide(dx, dy, width);
      if (side && sides[side]) onSwipe(side, { dx, dy, width });
    },
    { filterTaps: true },
  );

  const leavingStyle =
    leaving === null
      ? undefined
      : { transform: `translateX(${leaving === 'left' ? '-100%' : '100%'})`, opacity: 0 };

  return (
    <div className="relative overflow-hidden" data-leaving={leaving ?? undefined}>
      {offset !== 0 && (
        <div
          aria-hidden="true"
          className={`absolute inset-0 flex items-center px-5 text-sm font-bold ${
            offset < 0 ? 'justify-end bg-flax-600 text-white' : 'justify-start bg-warm-500 text-stone-950'
          }`}
        >
          {offset < 0 ? leftLabel : rightLabel}
        </div>
      )}
      <div
        ref={row}
        {...bind()}
        onPointerDownCapture={() => {
          dragged.current = false;
        }}
        onClickCapture={(event) => {
          // A drag is not a tap: do not open the product when the finger lifts.
          if (dragged.current) {
            event.stopPropagation();
            event.preventDefault();
            dragged.current = false;
          }
        }}
        style={leavingStyle ?? { transform: offset ? `translateX(${offset}px)` : undefined }}
        className={`relative touch-pan-y bg-white ${
          offset === 0
            ? 'transition-[transform,opacity] duration-300 ease-out motion-reduce:transition-none'
            : ''
        }`}
      >
        {children}
      </div>
    </div>
  );
}

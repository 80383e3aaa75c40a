// In-store mode's aisle groups in the store's own order (issue 35): learned from the household's
// ticks, or set by hand — drag a group by its handle, or move it with its up/down buttons — until
// 'Reset'. Any member may reorder; the order is the household's, kept per store on the server.
import { type Aisle, type AisleKey, groupByAisle } from '@kete/shared';
import type { ReactNode } from 'react';
import { AisleHeader } from './aisle-header.js';
import { useAisleOrder } from './aisle-order-api.js';
import type { TripLine } from './trip-logic.js';
import { useGroupDrag } from './use-group-drag.js';

/** The full order with the shown group at `from` put where the shown group at `to` is. */
export function reorderShown(
  full: readonly AisleKey[],
  shown: readonly AisleKey[],
  from: number,
  to: number,
) {
  const key = shown[from];
  const anchor = shown[to];
  if (key === undefined || anchor === undefined || from === to) return [...full];
  const rest = full.filter((k) => k !== key);
  rest.splice(rest.indexOf(anchor) + (to > from ? 1 : 0), 0, key);
  return rest;
}

interface Props {
  storeId: number;
  lines: TripLine[];
  children(aisle: Aisle, items: TripLine[]): ReactNode;
}

export function AisleGroups({ storeId, lines, children }: Props) {
  const { order, save, reset } = useAisleOrder(storeId);
  const groups = groupByAisle(lines, (line) => line, order.categories);
  const shown = groups.map((g) => g.aisle.key);
  const move = (from: number, to: number) => save(reorderShown(order.categories, shown, from, to));
  const { drag, register, handleProps } = useGroupDrag(shown, move);

  return (
    <div data-aisle-source={order.source}>
      {groups.length > 1 && (
        <p className="flex min-h-11 items-center justify-between gap-2 px-4 text-sm text-stone-600">
          <span>
            {order.source === 'set'
              ? 'Aisles in your order'
              : order.source === 'learned'
                ? "Aisles in this store's order, learned from your trips"
                : "Aisles in the chain's usual order"}
          </span>
          {order.source === 'set' && (
            <button
              type="button"
              onClick={reset}
              className="min-h-11 px-1 font-semibold text-flax-700 underline"
            >
              Reset
            </button>
          )}
        </p>
      )}
      {groups.map(({ aisle, items }, index) => {
        const dragging = drag?.key === aisle.key;
        return (
          <section
            key={aisle.key}
            ref={register(aisle.key)}
            aria-label={aisle.title}
            data-aisle={aisle.key}
            style={
              dragging
                ? { transform: `translateY(${drag.dy}px)`, position: 'relative', zIndex: 5 }
                : undefined
            }
            className={dragging ? 'bg-white shadow-2xl' : undefined}
          >
            <AisleHeader
              title={aisle.title}
              first={index === 0}
              last={index === groups.length - 1}
              dragging={dragging}
              handle={handleProps(aisle.key)}
              onMove={(step) => move(index, index + step)}
            />
            {children(aisle, items)}
          </section>
        );
      })}
    </div>
  );
}

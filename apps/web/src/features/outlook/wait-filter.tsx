// The shopping list's 'Wait' filter (issue 46): only the items a special is likely to make
// cheaper within 2 weeks at one of the workspace's stores. Off by default; not remembered.
import type { CartItem } from '@kete/shared';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { segmentClass } from '../../components/ui/segment.js';
import { productOutlookQuery } from './outlook-api.js';

export function useWaitFilter(cart: CartItem[] | undefined) {
  const [on, setOn] = useState(false);
  const outlooks = useQueries({
    queries: (cart ?? []).map((item) => productOutlookQuery(item.product.id)),
  });
  const waiting = new Set(
    (cart ?? [])
      .filter((_, i) => outlooks[i]?.data?.some((o) => o.advice === 'wait'))
      .map((item) => item.product.id),
  );
  const shown = on && cart ? cart.filter((item) => waiting.has(item.product.id)) : cart;
  return { on, setOn, shown, waitCount: waiting.size };
}

export function WaitFilter({
  on,
  setOn,
  waitCount,
}: {
  on: boolean;
  setOn(on: boolean): void;
  waitCount: number;
}) {
  if (waitCount === 0 && !on) return null;
  return (
    <div className="mx-4 mb-3 flex items-center gap-2">
      <button
        type="button"
        aria-pressed={on}
        data-wait-filter
        onClick={() => setOn(!on)}
        className={`min-h-11 rounded-full px-4 ring-1 ring-stone-300 ${segmentClass(on)}`}
      >
        {`Worth waiting for (${waitCount})`}
      </button>
      {on && <span className="text-sm text-stone-600">Only items likely on special soon</span>}
    </div>
  );
}

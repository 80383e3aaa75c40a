// Under an 'Any brand' item the plan buys as an alternative: which product it chose, how fresh its
// price at that store is when stale, and 'Not this one', which vetoes that alternative for the item
// (the plan then asks again).
import type { CartItem } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import { StaleMarker } from '../prices/freshness.js';
import { alternativesQuery } from './api/plan-api.js';
import { useBrandSettings } from './use-brand-settings.js';

export function SubstituteNote({
  item,
  alternativeId,
  storeId,
}: {
  item: CartItem;
  alternativeId: number;
  /** The store the alternative is bought at: its price's freshness there is shown (issue 33). */
  storeId: number;
}) {
  const { data: alternatives } = useQuery(alternativesQuery(item.product.id));
  const chosen = alternatives?.find((product) => product.id === alternativeId);
  const { veto, busy } = useBrandSettings(item);
  const name = chosen
    ? [chosen.brand, chosen.name, chosen.displayUnits].filter(Boolean).join(' ')
    : 'another brand';
  return (
    <div
      data-substitute={alternativeId}
      className="flex items-center gap-2 bg-flax-50 py-1 pr-2 pl-14 text-sm text-flax-800"
    >
      <Shuffle aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        Any brand: buying <strong>{name}</strong>{' '}
        <StaleMarker price={chosen?.prices.find((p) => p.storeId === storeId)} />
      </span>
      <button
        type="button"
        disabled={busy}
        onClick={() => veto(alternativeId)}
        aria-label={`Not this one: ${name}`}
        className="min-h-11 shrink-0 rounded-lg px-2 font-semibold text-flax-700 underline hover:bg-flax-100 disabled:text-stone-500"
      >
        Not this one
      </button>
    </div>
  );
}

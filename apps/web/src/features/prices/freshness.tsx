// How old a price is, where a shopper decides (issue 33, item 1): the drawer says per store when
// the price was last checked; rows, the shopping list and the plan carry a calm marker on a price
// older than the stale limit (KETE_STALE_DAYS, sent with the start-up data; 8 days by default).
import { checkedAgo, DEFAULT_STALE_DAYS, isStale, type Price } from '@kete/shared';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

export function useStaleDays(): number {
  return useWorkspaceStore((s) => s.data?.staleDays ?? DEFAULT_STALE_DAYS);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'checked 3 h ago' under a store's name in the drawer; stale ones say so in words too. */
export function CheckedAgo({ price }: { price: Price }) {
  const staleDays = useStaleDays();
  if (price.seenAt === undefined) return null;
  const now = Date.now();
  const stale = isStale(price, now, staleDays);
  return (
    <span data-checked-ago data-stale={stale || undefined} className="text-xs text-stone-600">
      {checkedAgo(price.seenAt, now)}
      {stale && ' · may have changed'}
    </span>
  );
}

/** A calm marker on a stale price: 'Checked 12 days ago' (nothing while the price is fresh). */
export function StaleMarker({ price }: { price: Pick<Price, 'seenAt'> | undefined }) {
  const staleDays = useStaleDays();
  const now = Date.now();
  if (!price || price.seenAt === undefined || !isStale(price, now, staleDays)) return null;
  return (
    <span
      data-stale-marker
      className="inline-flex items-center rounded-full px-2 py-0.5 text-xs whitespace-nowrap text-stone-700 ring-1 ring-stone-300"
    >
      {capital(checkedAgo(price.seenAt, now))}
    </span>
  );
}

/** The price a row shows: its lowest (ties: the freshest). */
export function shownPrice(prices: readonly Price[]): Price | undefined {
  let shown: Price | undefined;
  for (const p of prices)
    if (!shown || p.price < shown.price || (p.price === shown.price && (p.seenAt ?? 0) > (shown.seenAt ?? 0)))
      shown = p;
  return shown;
}

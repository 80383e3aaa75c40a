// What goes under a product's price in a row and the shopping list: its unit price ('$2.49/L')
// and, in rows, the verdict on the price shown (issue 12, items 3 and 4).
import type { Price } from '@kete/shared';
import { StaleMarker, shownPrice } from './freshness.js';
import { rowVerdict } from './price-verdict.js';
import { ReportedMarker } from './report-problem.js';
import { cheapestUnitPriceText } from './unit-price.js';
import { VerdictBadge } from './verdict-badge.js';

export function UnitPrice({ text, className = '' }: { text: string | null; className?: string }) {
  if (text === null) return null;
  return <span className={`tabular text-xs whitespace-nowrap text-stone-600 ${className}`}>{text}</span>;
}

/** Under a row's price: the cheapest unit price, the verdict badge and, when the price shown is
 * stale, a calm marker of its age (issue 33), each only when known. */
export function RowPriceExtras({ prices }: { prices: Price[] }) {
  const unit = cheapestUnitPriceText(prices);
  const verdict = rowVerdict(prices);
  const shown = shownPrice(prices);
  return (
    <span data-price-extras className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 empty:hidden">
      <UnitPrice text={unit} />
      {verdict && <VerdictBadge verdict={verdict} />}
      <StaleMarker price={shown} />
      <ReportedMarker price={shown} />
    </span>
  );
}

// The price line of a product: the largest, boldest text in a row (UI.md), tabular figures.
import { formatMoneyRange } from '@kete/shared';

export function PriceRange({
  low,
  high,
  className = 'text-lg',
}: {
  low: number | null;
  high: number | null;
  className?: string;
}) {
  if (low === null || high === null) {
    return <span className="text-sm text-stone-600">No price</span>;
  }
  return (
    <span data-price className={`tabular font-extrabold whitespace-nowrap text-stone-950 ${className}`}>
      {formatMoneyRange(low, high)}
    </span>
  );
}

// The advice as a short badge: the word says it, the colour only helps.
import type { StoreOutlook } from '@kete/shared';

const looks = {
  wait: { label: 'Wait', tone: 'bg-warm-100 text-warm-800 ring-warm-500/40' },
  'stock-up': { label: 'Stock up', tone: 'bg-flax-50 text-flax-700 ring-flax-100' },
  buy: { label: 'Buy now', tone: 'bg-stone-100 text-stone-700 ring-stone-300' },
} as const;

export function AdviceBadge({ advice }: { advice: StoreOutlook['advice'] }) {
  if (advice === 'unknown') return null;
  const { label, tone } = looks[advice];
  return (
    <span
      data-advice={advice}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${tone}`}
    >
      {label}
    </span>
  );
}

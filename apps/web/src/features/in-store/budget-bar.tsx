// A progress bar with its words: '$62 of $150'. Over the amount it turns warm and says so in
// words too (never colour alone).
import { formatMoney } from '@kete/shared';
import type { ReactNode } from 'react';
import { barFill } from './trip-logic.js';

export function MoneyBar({
  label,
  amount,
  of,
  action,
}: {
  label: string;
  amount: number;
  of: number;
  action?: ReactNode;
}) {
  const { share, over } = barFill(amount, of);
  const words = `${formatMoney(amount)} of ${formatMoney(of)}`;
  return (
    <div data-money-bar={label} className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="flex items-baseline gap-2 font-medium text-stone-700">
          {label}
          {action}
        </span>
        <span className="tabular font-bold text-stone-900">
          {words}
          {over && <span className="ml-1 text-warm-800">(over)</span>}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(of, amount)}
        aria-valuenow={amount}
        aria-valuetext={over ? `${words}, over` : words}
        className="h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${over ? 'bg-warm-500' : 'bg-flax-600'}`}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}

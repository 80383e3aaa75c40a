// The quantity stepper (spec section 5): steps of minimumIncrement at 4-decimal precision, minus
// disabled at the minimum, plus at the most a list may hold; weights read "1.5 kg".
import {
  formatQuantity,
  maximumQuantity,
  type QuantityRule,
  stepQuantity,
  toQuantityUnits,
} from '@kete/shared';
import { Minus, Plus } from 'lucide-react';

export function stepperLimits(product: QuantityRule, quantity: number) {
  const units = toQuantityUnits(quantity);
  return {
    canDecrease:
      units - toQuantityUnits(product.minimumIncrement) >= toQuantityUnits(product.minimumQuantity),
    canIncrease:
      units + toQuantityUnits(product.minimumIncrement) <= toQuantityUnits(maximumQuantity(product)),
  };
}

export function QuantityStepper({
  product,
  quantity,
  onChange,
}: {
  product: QuantityRule;
  quantity: number;
  onChange(quantity: number): void;
}) {
  const { canDecrease, canIncrease } = stepperLimits(product, quantity);
  const button =
    'flex size-12 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-300 disabled:hover:bg-white';
  return (
    <fieldset className="flex items-center justify-center gap-4">
      <legend className="sr-only">Quantity</legend>
      <button
        type="button"
        aria-label="Decrease quantity"
        disabled={!canDecrease}
        onClick={() => onChange(stepQuantity(quantity, product.minimumIncrement, -1))}
        className={button}
      >
        <Minus aria-hidden="true" className="size-5" />
      </button>
      <output
        aria-live="polite"
        aria-label="Quantity"
        className="tabular min-w-24 text-center text-2xl font-bold"
      >
        {formatQuantity(product, quantity)}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        disabled={!canIncrease}
        onClick={() => onChange(stepQuantity(quantity, product.minimumIncrement, 1))}
        className={button}
      >
        <Plus aria-hidden="true" className="size-5" />
      </button>
    </fieldset>
  );
}

// Buttons at least 44 px tall (UI.md: thumb first). Disabled while their request runs, by default
// (spec section 4): an onClick that returns a promise keeps the button busy until it settles, and
// a second press meanwhile does nothing. `busy` is for work the caller tracks itself.
// 'bare' carries no look of its own, for icon buttons that bring their classes.
import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { usePendingAction } from './use-pending-action.js';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'bare';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 font-semibold transition-colors disabled:cursor-not-allowed';

const variants: Record<Variant, string> = {
  primary: `${base} bg-flax-600 text-white hover:bg-flax-700 disabled:bg-stone-300 disabled:text-stone-600`,
  secondary: `${base} border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-500 disabled:bg-stone-100`,
  ghost: `${base} text-flax-700 hover:bg-flax-50 disabled:text-stone-500`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-300 disabled:text-stone-600`,
  bare: 'disabled:cursor-not-allowed disabled:opacity-50',
};

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  variant?: Variant;
  busy?: boolean;
  /** Return the request's promise: the button stays disabled until it settles. */
  onClick?(event: MouseEvent<HTMLButtonElement>): unknown;
}

export function Button({
  variant = 'primary',
  busy = false,
  className = '',
  disabled,
  onClick,
  ...rest
}: ButtonProps) {
  const action = usePendingAction();
  const inFlight = busy || action.pending;
  return (
    <button
      type="button"
      disabled={disabled || inFlight}
      aria-busy={inFlight || undefined}
      className={`${variants[variant]} ${className}`}
      onClick={onClick && ((event) => action.run(() => onClick(event)))}
      {...rest}
    />
  );
}

// Buttons at least 44 px tall (UI.md: thumb first). `busy` disables while a request is in flight.
import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-flax-600 text-white hover:bg-flax-700 disabled:bg-stone-300 disabled:text-stone-600',
  secondary:
    'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-500 disabled:bg-stone-100',
  ghost: 'text-flax-700 hover:bg-flax-50 disabled:text-stone-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-300 disabled:text-stone-600',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  busy = false,
  className = '',
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...rest}
    />
  );
}

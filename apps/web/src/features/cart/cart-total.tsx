// A total line: the label and the amount, large, bold and tabular.
import type { ReactNode } from 'react';

export function CartTotal({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      data-cart-total={label}
      className="flex items-center justify-between gap-3 border-t border-stone-200 bg-white px-4 py-4"
    >
      <span className="text-lg font-semibold">{label}</span>
      <span className="tabular text-2xl font-extrabold">{children}</span>
    </div>
  );
}

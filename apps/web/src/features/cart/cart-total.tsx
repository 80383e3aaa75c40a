// A total line: the label and the amount, large, bold and tabular. Pinned above the bottom pill
// while the list scrolls (issue 37 item 7: the total, and the plan's saving, seen without
// scrolling to the end of a long list); at the end of the list it rests in its place.
import type { ReactNode } from 'react';

export function CartTotal({
  label,
  note,
  children,
}: {
  label: string;
  /** A short line under the label: the plan's saving. */
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      data-cart-total={label}
      className="sticky bottom-[calc(5.25rem+var(--spacing-safe-bottom))] z-20 mx-2 mt-2 flex items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white px-4 py-3 shadow-lg"
    >
      <span className="flex min-w-0 flex-col">
        <span className="text-lg font-semibold">{label}</span>
        {note && <span className="text-sm font-semibold text-warm-800">{note}</span>}
      </span>
      <span className="tabular text-2xl font-extrabold whitespace-nowrap">{children}</span>
    </div>
  );
}

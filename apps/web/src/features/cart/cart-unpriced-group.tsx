// 'By store': items none of the workspace's stores prices (issue 9). They stay on the list, in
// their own group, tickable like any row, and add nothing to a total: nobody can say what they cost.
import type { CartLine } from '@kete/shared';
import { CircleHelp } from 'lucide-react';
import { CartRow } from './cart-row.js';
import type { Removal } from './use-cart-removal.js';

export const UNPRICED_GROUP_NAME = 'Not priced at your stores';

export function CartUnpricedGroup({
  lines,
  leaving,
  onRemove,
}: {
  lines: readonly CartLine[];
  leaving: ReadonlyMap<number, Removal>;
  onRemove(productId: number, how: Removal): void;
}) {
  if (lines.length === 0) return null;
  return (
    <section data-store-group={UNPRICED_GROUP_NAME} aria-label={UNPRICED_GROUP_NAME} className="mb-2">
      <h2 className="flex min-h-12 items-center gap-3 border-y border-stone-200 bg-stone-100 px-4">
        <CircleHelp aria-hidden="true" className="size-5 text-stone-500" />
        <span className="min-w-0 flex-1 truncate font-semibold">{UNPRICED_GROUP_NAME}</span>
      </h2>
      <ul className="divide-y divide-stone-200">
        {lines.map((line) => (
          <li key={line.product.id}>
            <CartRow
              item={line}
              price={<span className="text-sm text-stone-600">No price</span>}
              leaving={leaving.get(line.product.id)}
              onRemove={(how) => onRemove(line.product.id, how)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

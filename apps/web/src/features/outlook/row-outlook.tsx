// A shopping-list row's outlook (issue 46): one short line, the most telling store's advice
// (stock up, then wait, then buy). Nothing while it loads or when no store of the workspace has
// one, so rows never jump to an error.
import { rowOutlook, rowOutlookWords } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { productOutlookQuery } from './outlook-api.js';

export function RowOutlook({ productId }: { productId: number }) {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace ?? []);
  const { data: outlooks } = useQuery(productOutlookQuery(productId));
  const names = new Map(stores.map((store) => [store.id, store.name]));
  const shown = rowOutlook((outlooks ?? []).filter((o) => names.has(o.storeId)));
  if (!shown) return null;
  const tone = shown.advice === 'wait' || shown.advice === 'stock-up' ? 'text-warm-800' : 'text-stone-600';
  return (
    <span data-row-outlook={shown.advice} className={`block text-sm ${tone}`}>
      {rowOutlookWords(shown, names.get(shown.storeId) ?? '')}
    </span>
  );
}

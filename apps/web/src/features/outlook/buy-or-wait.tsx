// The product drawer's 'Buy now or wait' (issue 46): at each of the workspace's stores, how often
// the product goes on special, when the last one ended, and whether to wait, in plain words.
import { nzToday, outlookWords } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { StoreLogo } from '../../components/ui/chain-mark.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { AdviceBadge } from './advice-badge.js';
import { productOutlookQuery } from './outlook-api.js';

export function BuyOrWait({ productId }: { productId: number }) {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace ?? []);
  const { data: outlooks } = useQuery(productOutlookQuery(productId));
  const byId = new Map(stores.map((store) => [store.id, store]));
  const lines = (outlooks ?? []).filter((o) => byId.has(o.storeId));
  if (lines.length === 0) return null;
  const today = nzToday();
  return (
    <section aria-label="Buy now or wait" data-outlook>
      <h3 className="mb-1 text-sm font-semibold text-stone-600 uppercase">Buy now or wait</h3>
      <ul className="divide-y divide-stone-200 border-y border-stone-200">
        {lines.map((o) => {
          const store = byId.get(o.storeId);
          if (!store) return null;
          return (
            <li key={o.storeId} data-outlook-store={store.name} className="flex gap-3 py-2">
              <StoreLogo type={store.type} size={24} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="truncate">{store.name}</span>
                  <AdviceBadge advice={o.advice} />
                </p>
                <p className="text-sm text-stone-600">{outlookWords(o, today)}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

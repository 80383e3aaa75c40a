// /w/statistics: 'Specials' and 'Prices', each listing every workspace store with its type icon,
// name and count (0 if missing).
import { useQuery } from '@tanstack/react-query';
import { StoreTypeIcon } from '../../components/ui/chain-mark.js';
import { isOfflineFailure, NotAvailableOffline } from '../../components/ui/not-available-offline.js';
import { PageHeader } from '../../components/ui/page-header.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { statisticsQuery } from './api/statistics-api.js';
import { countsByStore } from './store-counts.js';

export function StatisticsPage() {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace ?? []);
  const shortCode = useWorkspaceStore((s) => s.data?.workspace.shortCode ?? '');
  const statistics = useQuery(statisticsQuery(shortCode));
  const loading = statistics.isPending;
  return (
    <>
      <PageHeader title="Statistics" />
      {!statistics.data && isOfflineFailure(statistics.error) ? (
        <NotAvailableOffline />
      ) : (
        <div className="space-y-6">
          <CountSection
            title="Specials"
            rows={countsByStore(stores, statistics.data?.specials ?? [])}
            loading={loading}
          />
          <CountSection
            title="Prices"
            rows={countsByStore(stores, statistics.data?.prices ?? [])}
            loading={loading}
          />
        </div>
      )}
    </>
  );
}

function CountSection({
  title,
  rows,
  loading,
}: {
  title: string;
  rows: ReturnType<typeof countsByStore>;
  loading: boolean;
}) {
  const id = `statistics-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="px-4 pb-1 text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="px-4 text-stone-700">No stores chosen yet.</p>
      ) : (
        <ul className="divide-y divide-stone-200 border-y border-stone-200 bg-white">
          {rows.map(({ store, count }) => (
            <li key={store.id} className="flex min-h-12 items-center gap-3 px-4">
              <StoreTypeIcon type={store.type} size={16} />
              <span className="min-w-0 flex-1 truncate">{store.name}</span>
              {loading ? (
                <span aria-hidden="true" className="h-4 w-10 animate-pulse rounded bg-stone-200" />
              ) : (
                <span className="tabular font-bold">{count.toLocaleString('en-NZ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

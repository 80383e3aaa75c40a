// The specials drawer: one store's whole specials list with each product's saving, paged as the
// shopper scrolls.
import { sizeChangeText } from '@kete/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ProductRow } from '../../components/product/product-row.js';
import { StoreLogo } from '../../components/ui/chain-mark.js';
import { isOfflineFailure, NotAvailableOffline } from '../../components/ui/not-available-offline.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import type { Drawer } from '../shell/drawer-store.js';
import { specialsPagesQuery } from './api/specials-api.js';
import { LoadMore } from './load-more.js';

export function SpecialsDrawer({ drawer }: { drawer: Extract<Drawer, { kind: 'specials' }> }) {
  const shortCode = useWorkspaceStore((s) => s.data?.workspace.shortCode ?? '');
  const known = useWorkspaceStore((s) => s.data?.stores.all.find((store) => store.id === drawer.storeId));
  const pages = useInfiniteQuery(specialsPagesQuery(shortCode, drawer.storeId));
  const store = pages.data?.pages[0]?.store ?? known;
  const count = pages.data?.pages[0]?.count;
  const products = pages.data?.pages.flatMap((page) => page.products) ?? [];
  // Alongside the specials: what got smaller lately at this store (issue 33 item 7).
  const shrank = pages.data?.pages[0]?.shrank ?? [];

  return (
    <div className="-mx-4">
      {store && (
        <div className="flex items-center gap-3 border-b border-stone-200 px-4 pb-3">
          <StoreLogo type={store.type} size={28} />
          {/* The drawer's title already names the store; this line says what is in it. */}
          <p className="tabular min-w-0 flex-1 text-sm text-warm-800">
            {count === undefined
              ? 'Specials'
              : `${count} special${count === 1 ? '' : 's'}, biggest saving first`}
          </p>
        </div>
      )}
      {shrank.length > 0 && (
        <section aria-label="Smaller packs" className="border-b border-stone-200">
          <ul className="divide-y divide-stone-200">
            {shrank.map((product) => (
              <li key={product.id} data-shrank={product.name}>
                <ProductRow product={product} atStoreId={drawer.storeId} />
                <p className="flex flex-wrap items-center gap-2 px-4 pb-2 text-xs text-warm-800">
                  <span
                    data-smaller-pack
                    className="rounded-full px-2 py-0.5 font-semibold whitespace-nowrap ring-1 ring-warm-500/40"
                  >
                    Smaller pack
                  </span>
                  {product.sizeChange && sizeChangeText(product.sizeChange)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {pages.isPending ? (
        <DelayedSpinner label="Loading specials" />
      ) : products.length === 0 && isOfflineFailure(pages.error) ? (
        <NotAvailableOffline />
      ) : products.length === 0 ? (
        <p className="p-6 text-center text-stone-700">No specials at this store right now.</p>
      ) : (
        <ul aria-label="Specials" className="divide-y divide-stone-200">
          {products.map((product) => (
            <li key={product.id}>
              <ProductRow
                product={product}
                mode="specials"
                saving={product.saving}
                atStoreId={drawer.storeId}
              />
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <LoadMore
          busy={pages.isFetchingNextPage}
          onLoad={() => !pages.isFetching && void pages.fetchNextPage()}
        />
      )}
    </div>
  );
}

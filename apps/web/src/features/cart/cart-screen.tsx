// /w/cart: the shared shopping list, loaded on open; 'All' with the price range total or 'By
// store' with the split (the tab is remembered); the celebration when the last item is ticked.
// Near the shopping list's cap it counts its products; at the cap it says so.
import { CartTab, capState } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { ShoppingBasket } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { isOfflineFailure, NotAvailableOffline } from '../../components/ui/not-available-offline.js';
import { PageHeader } from '../../components/ui/page-header.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { CapNotice } from '../caps/cap-notice.js';
import { TripBanner } from '../household/trip-banner.js';
import { CartIoButtons } from '../list-io/list-io-buttons.js';
import { EmptyState } from '../lists/empty-state.js';
import { useWaitFilter, WaitFilter } from '../outlook/wait-filter.js';
import { cartQuery, textItemsQuery } from './api/cart-api.js';
import { CartAllTab } from './cart-all-tab.js';
import { CartByStoreTab } from './cart-by-store-tab.js';
import { useCartTab } from './cart-settings.js';
import { CartTabs } from './cart-tabs.js';
import { TextItemRows } from './text-item-rows.js';
import { useCartRemoval } from './use-cart-removal.js';

const Celebration = lazy(() => import('./celebration.js'));

export function CartScreen() {
  const { data: cart, isPending, error } = useQuery(cartQuery);
  // Items written in with no product (issue 49 item 2): none until their answer comes.
  const texts = useQuery(textItemsQuery).data ?? [];
  const [tab, setTab] = useCartTab();
  const [celebrating, setCelebrating] = useState(false);
  const { leaving, remove } = useCartRemoval(() => setCelebrating(true));
  const empty = cart?.length === 0 && texts.length === 0;
  const hasProducts = (cart?.length ?? 0) > 0;
  const wait = useWaitFilter(cart);

  return (
    <>
      <PageHeader title="Shopping list">
        <CartIoButtons cart={cart} written={texts} />
      </PageHeader>
      <TripBanner className="mx-4 mb-3" />
      {hasProducts && tab !== null && <CartTabs tab={tab} onChange={setTab} />}
      {hasProducts && <WaitFilter {...wait} />}
      {cart && <CapNotice cap={capState(cart.length + texts.length, 'cartItems')} className="mx-4 mb-3" />}
      {isPending && <DelayedSpinner />}
      {!cart && isOfflineFailure(error) && <NotAvailableOffline />}
      {empty && celebrating && (
        <Suspense fallback={null}>
          <Celebration />
        </Suspense>
      )}
      {empty && !celebrating && (
        <EmptyState
          icon={ShoppingBasket}
          title="Your shopping list is empty"
          text="Add items as you think of them so they'll be in your shopping list next time you go to the store."
        />
      )}
      {cart && hasProducts && tab !== null && (
        <div id="cart-panel" role="tabpanel" aria-label={tab === CartTab.All ? 'All' : 'By store'}>
          {tab === CartTab.All ? (
            <CartAllTab cart={wait.shown ?? cart} leaving={leaving} onRemove={remove} />
          ) : (
            <CartByStoreTab cart={wait.shown ?? cart} leaving={leaving} onRemove={remove} />
          )}
        </div>
      )}
      <TextItemRows items={texts} />
    </>
  );
}

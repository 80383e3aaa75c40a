// /w/home: greeting and avatar menu, the shared-list switcher, the search field, a specials card
// per store and the Favourites strip, plus the store and grant-access modals the menu opens, and
// any invitation to a shared list waiting for an answer.
import { AccessLevel } from '@kete/shared';
import { lazy, Suspense, useState } from 'react';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { GrantAccessModal } from '../access/grant-access-modal.js';
import { InvitationHost, useOfferedInvitation } from '../access/invitation-host.js';
import { TripBanner } from '../household/trip-banner.js';
import { StoreSelectionModal } from '../stores/store-selection-modal.js';
import { AvatarMenu } from './avatar-menu.js';
import { FavouritesStrip } from './favourites-strip.js';
import { NoStoresYet } from './no-stores-yet.js';
import { SearchArea } from './search-area.js';
import { SpecialsCards } from './specials-cards.js';
import { useStoreModal } from './use-store-modal.js';
import { WorkspaceSwitcher } from './workspace-switcher.js';

// Its own chunk, fetched after home shows (issue 12): the first load stays within its budget.
const PriceDropsStrip = lazy(() => import('./price-drops-strip.js'));

export function HomePage() {
  const member = useWorkspaceStore((s) => s.data?.member);
  // The server says when the catalogue holds generated demo prices.
  const demo = useWorkspaceStore((s) => s.data?.demoCatalogue ?? false);
  const noStores = useWorkspaceStore((s) => (s.data?.stores.workspace.length ?? 0) === 0);
  const isOwner = useWorkspaceStore((s) => s.accessLevel === AccessLevel.Owner);
  const hasFavourites = useWorkspaceStore((s) => (s.data?.favourites.length ?? 0) > 0);
  // A list shared with them is offered first: its stores are chosen already (issue 37).
  const offered = useOfferedInvitation();
  const storeModal = useStoreModal(offered !== undefined);
  const [grantOpen, setGrantOpen] = useState(false);
  const firstName = member?.displayName.trim().split(/\s+/)[0];

  return (
    <>
      <header className="flex items-center gap-3 px-4 pt-6 pb-1">
        <div className="min-w-0 flex-1">
          <h1 className="sr-only">Home</h1>
          <p className="truncate text-2xl font-bold">Kia ora{firstName ? `, ${firstName}` : ''}</p>
          {demo && <p className="text-sm text-stone-600">Demo prices — not real</p>}
        </div>
        <AvatarMenu onGrantAccess={() => setGrantOpen(true)} onChangeStores={storeModal.openSelection} />
      </header>
      <div className="space-y-6 pt-4">
        <div className="space-y-3 px-4">
          <WorkspaceSwitcher />
          <TripBanner />
          <SearchArea />
        </div>
        {noStores && <NoStoresYet isOwner={isOwner} onChoose={storeModal.openSelection} />}
        <SpecialsCards />
        {hasFavourites && (
          <Suspense fallback={null}>
            <PriceDropsStrip />
          </Suspense>
        )}
        <FavouritesStrip />
      </div>
      <StoreSelectionModal
        open={storeModal.open}
        intro={storeModal.intro}
        onClose={storeModal.close}
        onNotNow={storeModal.notNow}
      />
      <GrantAccessModal open={grantOpen} onClose={() => setGrantOpen(false)} />
      <InvitationHost />
    </>
  );
}

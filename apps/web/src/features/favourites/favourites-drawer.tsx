// The favourites drawer: every favourite as a product row with its promotion dot. The list is the
// workspace data (the hearts keep it current); opening the drawer also refreshes it from the
// server, so favourites another member saved show up too. Near the favourites cap it counts them.

import { capState } from '@kete/shared';
import { Heart } from 'lucide-react';
import { useEffect } from 'react';
import { ProductRow } from '../../components/product/product-row.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { CapNotice } from '../caps/cap-notice.js';
import type { Drawer } from '../shell/drawer-store.js';
import { fetchFavourites } from './api/favourites-api.js';

export function FavouritesDrawer(_props: { drawer: Extract<Drawer, { kind: 'favourites' }> }) {
  const favourites = useWorkspaceStore((s) => s.data?.favourites ?? []);
  const shortCode = useWorkspaceStore((s) => s.data?.workspace.shortCode);

  useEffect(() => {
    if (!shortCode) return;
    let live = true;
    fetchFavourites(shortCode)
      .then((fresh) => {
        if (live) useWorkspaceStore.getState().update((data) => ({ ...data, favourites: fresh }));
      })
      // The list on show is still right as far as this device knows; nothing to tell the shopper.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [shortCode]);

  if (favourites.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
        <Heart aria-hidden="true" className="size-10 text-stone-400" />
        <p className="text-lg font-semibold">No saved favourites</p>
        <p className="text-stone-700">Tap the heart on any item to save it</p>
      </div>
    );
  }
  return (
    <>
      <CapNotice cap={capState(favourites.length, 'favourites')} className="mb-3" />
      <ul aria-label="Favourites" className="-mx-4 divide-y divide-stone-200">
        {favourites.map((favourite) => (
          <li key={favourite.id}>
            <ProductRow product={favourite} mode="favourites" />
          </li>
        ))}
      </ul>
    </>
  );
}

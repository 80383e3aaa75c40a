// What each drawer shows: product, shopping-list item, a store's specials, favourites and a list.
// The host renders the one open drawer with the title given here.
import { type ComponentType, lazy } from 'react';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { Loading } from '../products/lazy-view.js';
import type { Drawer, DrawerKind } from './drawer-store.js';

type Props<K extends DrawerKind> = { drawer: Extract<Drawer, { kind: K }> };

// Each view is its own chunk, fetched the first time that kind of drawer opens.
const Product = lazy(() =>
  import('../products/product-drawer.js').then((m) => ({ default: m.ProductDrawer })),
);
const CartItem = lazy(() =>
  import('../cart/cart-item-drawer.js').then((m) => ({ default: m.CartItemDrawer })),
);
const Specials = lazy(() =>
  import('../specials/specials-drawer.js').then((m) => ({ default: m.SpecialsDrawer })),
);
const Favourites = lazy(() =>
  import('../favourites/favourites-drawer.js').then((m) => ({ default: m.FavouritesDrawer })),
);
const List = lazy(() => import('../lists/list-drawer.js').then((m) => ({ default: m.ListDrawer })));

const ProductDrawer = (props: Props<'product'>) => (
  <Loading>
    <Product {...props} />
  </Loading>
);
const CartItemDrawer = (props: Props<'cartItem'>) => (
  <Loading>
    <CartItem {...props} />
  </Loading>
);
const SpecialsDrawer = (props: Props<'specials'>) => (
  <Loading>
    <Specials {...props} />
  </Loading>
);
const FavouritesDrawer = (props: Props<'favourites'>) => (
  <Loading>
    <Favourites {...props} />
  </Loading>
);
const ListDrawer = (props: Props<'list'>) => (
  <Loading>
    <List {...props} />
  </Loading>
);

export interface DrawerView<K extends DrawerKind> {
  title(drawer: Extract<Drawer, { kind: K }>): string;
  View: ComponentType<{ drawer: Extract<Drawer, { kind: K }> }>;
}

type Registry = { [K in DrawerKind]: DrawerView<K> };

const listName = (listId: number) =>
  useWorkspaceStore.getState().data?.lists.find((list) => list.id === listId)?.name ?? 'List';

const storeName = (storeId: number) =>
  useWorkspaceStore.getState().data?.stores.all.find((store) => store.id === storeId)?.name ?? 'Specials';

export const drawerViews: Registry = {
  product: { title: (d) => d.product.name, View: ProductDrawer },
  cartItem: { title: (d) => d.product.name, View: CartItemDrawer },
  specials: { title: (d) => storeName(d.storeId), View: SpecialsDrawer },
  favourites: { title: () => 'Favourites', View: FavouritesDrawer },
  list: { title: (d) => listName(d.listId), View: ListDrawer },
};

/** The title and view for an open drawer, keeping the kind and props paired for the compiler. */
export function viewFor(drawer: Drawer): { title: string; content: React.ReactNode } {
  const entry = drawerViews[drawer.kind] as DrawerView<typeof drawer.kind>;
  const View = entry.View as ComponentType<{ drawer: Drawer }>;
  return { title: (entry.title as (d: Drawer) => string)(drawer), content: <View drawer={drawer} /> };
}

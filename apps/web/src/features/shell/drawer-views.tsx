// What each drawer shows. Part 2 of the web app replaces these placeholders with the product,
// shopping-list item, specials, favourites and list views; the host stays as it is.
import type { ComponentType } from 'react';
import type { Drawer, DrawerKind } from './drawer-store.js';

export interface DrawerView<K extends DrawerKind> {
  title(drawer: Extract<Drawer, { kind: K }>): string;
  View: ComponentType<{ drawer: Extract<Drawer, { kind: K }> }>;
}

type Registry = { [K in DrawerKind]: DrawerView<K> };

const Placeholder = () => <p className="text-stone-700">Coming soon.</p>;

export const drawerViews: Registry = {
  product: { title: (d) => d.product.name, View: Placeholder },
  cartItem: { title: (d) => d.product.name, View: Placeholder },
  specials: { title: () => 'Specials', View: Placeholder },
  favourites: { title: () => 'Favourites', View: Placeholder },
  list: { title: () => 'List', View: Placeholder },
};

/** The title and view for an open drawer, keeping the kind and props paired for the compiler. */
export function viewFor(drawer: Drawer): { title: string; content: React.ReactNode } {
  const entry = drawerViews[drawer.kind] as DrawerView<typeof drawer.kind>;
  const View = entry.View as ComponentType<{ drawer: Drawer }>;
  return { title: (entry.title as (d: Drawer) => string)(drawer), content: <View drawer={drawer} /> };
}

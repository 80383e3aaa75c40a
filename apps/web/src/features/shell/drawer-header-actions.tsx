// A drawer view's own controls in the drawer's header, beside its title and the close button
// (spec section 2: the list drawer's "header shows the list name and a menu"). The host gives its
// header a slot; a view portals into it, so the host needs no knowledge of any view.
import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

export const DrawerHeaderSlot = createContext<HTMLElement | null>(null);

export function DrawerHeaderActions({ children }: { children: ReactNode }) {
  const slot = useContext(DrawerHeaderSlot);
  return slot ? createPortal(children, slot) : null;
}

// When the store modal shows: on a first visit it opens by itself after 500 ms on the intro;
// 'Change stores' opens it straight on the selection step. While something else is offered first
// (`held`: an invitation to a shared list, decision 0017) it waits.
import { useEffect, useState } from 'react';
import { onAppReset } from '../../lib/reset-app-state.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { shouldAutoOpenStores } from './home-logic.js';

export const STORE_MODAL_AUTO_OPEN_MS = 500;

// 'Not now' on the intro, for a shopper with another list to use (a shared one): the intro does not
// open by itself again until the next start-up (decision 0017).
let introPutAside = false;
onAppReset(() => {
  introPutAside = false;
});

export function useStoreModal(held = false) {
  const [state, setState] = useState<{ open: boolean; intro: boolean }>({ open: false, intro: false });

  useEffect(() => {
    const data = useWorkspaceStore.getState().data;
    if (held || introPutAside || !data || !shouldAutoOpenStores(data)) return;
    const timer = setTimeout(() => setState({ open: true, intro: true }), STORE_MODAL_AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [held]);

  const hasOtherLists = useWorkspaceStore((s) => (s.data?.sharedWorkspaces.length ?? 0) > 1);
  return {
    ...state,
    notNow: hasOtherLists
      ? () => {
          introPutAside = true;
          setState((current) => ({ ...current, open: false }));
        }
      : undefined,
    openSelection: () => setState({ open: true, intro: false }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}

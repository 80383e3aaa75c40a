// When the store modal shows: on a first visit it opens by itself after 500 ms on the intro;
// 'Change stores' opens it straight on the selection step.
import { useEffect, useState } from 'react';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { shouldAutoOpenStores } from './home-logic.js';

export const STORE_MODAL_AUTO_OPEN_MS = 500;

export function useStoreModal() {
  const [state, setState] = useState<{ open: boolean; intro: boolean }>({ open: false, intro: false });

  useEffect(() => {
    const data = useWorkspaceStore.getState().data;
    if (!data || !shouldAutoOpenStores(data)) return;
    const timer = setTimeout(() => setState({ open: true, intro: true }), STORE_MODAL_AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, []);

  return {
    ...state,
    openSelection: () => setState({ open: true, intro: false }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}

// The shopping list's local settings (spec section 3): the chosen tab (CartSetting id 1) and which
// stores count in 'By store' (StoreSetting per store; included unless saved otherwise).
import { type CartTab, CartTab as Tabs } from '@kete/shared';
import { useCallback, useEffect, useState } from 'react';
import { localDb, safely } from '../../lib/local-db.js';
import { onAppReset } from '../../lib/reset-app-state.js';

// The saved tab, read once per session and kept here, so the shopping list opens on it at the
// first paint instead of showing 'All' and then jumping to 'By store' (issue 9).
let knownTab: CartTab | null = null;
let readingTab: Promise<CartTab> | null = null;

export function loadCartTab(): Promise<CartTab> {
  readingTab ??= safely(() => localDb().CartSetting.get(1), undefined).then((setting) => {
    knownTab ??= setting?.activeTab ?? Tabs.All;
    return knownTab;
  });
  return readingTab;
}

// Sign-out and a new sign-in forget it with the rest of the device's settings.
onAppReset(() => {
  knownTab = null;
  readingTab = null;
});

/** null until the saved tab is known: the screen shows no tab (nor a tab's content) before then. */
export function useCartTab(): [CartTab | null, (tab: CartTab) => void] {
  const [tab, setTab] = useState<CartTab | null>(knownTab);
  useEffect(() => {
    let live = true;
    if (tab === null) {
      void loadCartTab().then((saved) => {
        if (live) setTab(saved);
      });
    }
    return () => {
      live = false;
    };
  }, [tab]);
  const choose = useCallback((next: CartTab) => {
    knownTab = next;
    setTab(next);
    void safely(() => localDb().CartSetting.put({ id: 1, activeTab: next }), undefined);
  }, []);
  return [tab, choose];
}

export function useStoreInclusion() {
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    let live = true;
    void safely(() => localDb().StoreSetting.toArray(), []).then((settings) => {
      if (live) setExcluded(new Set(settings.filter((s) => !s.included).map((s) => s.id)));
    });
    return () => {
      live = false;
    };
  }, []);
  const setIncluded = useCallback((storeId: number, included: boolean) => {
    setExcluded((current) => {
      const next = new Set(current);
      if (included) next.delete(storeId);
      else next.add(storeId);
      return next;
    });
    void safely(() => localDb().StoreSetting.put({ id: storeId, included }), undefined);
  }, []);
  const isIncluded = useCallback((storeId: number) => !excluded.has(storeId), [excluded]);
  return { isIncluded, setIncluded };
}

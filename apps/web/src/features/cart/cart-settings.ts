// The shopping list's local settings (spec section 3): the chosen tab (CartSetting id 1) and which
// stores count in 'By store' (StoreSetting per store; included unless saved otherwise).
import { type CartTab, CartTab as Tabs } from '@kete/shared';
import { useCallback, useEffect, useState } from 'react';
import { localDb, safely } from '../../lib/local-db.js';

export function useCartTab(): [CartTab, (tab: CartTab) => void] {
  const [tab, setTab] = useState<CartTab>(Tabs.All);
  useEffect(() => {
    let live = true;
    void safely(() => localDb().CartSetting.get(1), undefined).then((setting) => {
      if (live && setting) setTab(setting.activeTab);
    });
    return () => {
      live = false;
    };
  }, []);
  const choose = useCallback((next: CartTab) => {
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

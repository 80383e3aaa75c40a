// The plan for the shopping list under the saved settings, with the device location when the
// shopper has already allowed it (distances; no prompt from here).
import type { CartItem } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from '../stores/use-location.js';
import { planQuery } from './api/plan-api.js';
import { usePlanSettings } from './plan-settings.js';

export function usePlan(cart: CartItem[] | undefined) {
  const settings = usePlanSettings();
  const { location } = useLocation();
  const load = settings.load;
  useEffect(() => {
    void load();
  }, [load]);
  const origin = location.status === 'located' ? location.here : null;
  const enabled = Boolean(cart && cart.length > 0 && settings.loaded && settings.maxStores > 0);
  const query = useQuery({ ...planQuery(cart ?? [], settings, origin), enabled });
  return { settings, plan: enabled ? query.data : undefined, isPending: enabled && query.isPending };
}

// The plan for the shopping list under the saved settings, with the device location when the
// shopper has already allowed it (distances; no prompt from here).
import type { CartItem } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError } from '../../lib/api-errors.js';
import { useLocation } from '../stores/use-location.js';
import { PLAN_BUSY_STATUS, planQuery } from './api/plan-api.js';
import { usePlanSettings } from './plan-settings.js';

const BUSY_RETRIES = 3;
const BUSY_RETRY_MS = 5_000;
/** The household's own plans (a change asked for one while the last was being worked out) free
 * the turn within a moment, so the first ask again comes soon. */
const FIRST_BUSY_RETRY_MS = 1_000;
const isBusy = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === PLAN_BUSY_STATUS;

export function usePlan(cart: CartItem[] | undefined) {
  const settings = usePlanSettings();
  const { location } = useLocation();
  const load = settings.load;
  useEffect(() => {
    void load();
  }, [load]);
  const origin = location.status === 'located' ? location.here : null;
  const enabled = Boolean(cart && cart.length > 0 && settings.loaded && settings.maxStores > 0);
  const query = useQuery({
    ...planQuery(cart ?? [], settings, origin),
    enabled,
    // Refused for now (the server bounds the plans it works out): ask again a little later.
    retry: (failures, error) => isBusy(error) && failures < BUSY_RETRIES,
    retryDelay: (failures) => (failures === 0 ? FIRST_BUSY_RETRY_MS : BUSY_RETRY_MS),
  });
  const refusal = enabled && query.isError && isBusy(query.error) ? query.error.message : null;
  return { settings, plan: enabled ? query.data : undefined, isPending: enabled && query.isPending, refusal };
}

// Distances for the 'Near me' tab (spec section 9): within 50 km, nearest first, and stores
// without coordinates left out. Great-circle distance by the haversine formula.
import { haversineKm, type LatLng, type Store } from '@kete/shared';

export const NEAR_ME_RADIUS_KM = 50;

/** The same straight-line distance the cheapest-trip plan uses (packages/shared). */
export { haversineKm };
export type Coordinates = LatLng;

export interface StoreNearby {
  store: Store;
  distanceKm: number;
}

/** The stores within the radius of `here`, nearest first; stores without coordinates are skipped. */
export function storesNear(
  stores: readonly Store[],
  here: Coordinates,
  radiusKm = NEAR_ME_RADIUS_KM,
): StoreNearby[] {
  const nearby: StoreNearby[] = [];
  for (const store of stores) {
    if (store.latitude === null || store.longitude === null) continue;
    const distanceKm = haversineKm(here, { latitude: store.latitude, longitude: store.longitude });
    if (distanceKm <= radiusKm) nearby.push({ store, distanceKm });
  }
  return nearby.sort((a, b) => a.distanceKm - b.distanceKm);
}

/** '800 m' under a kilometre, else '4.2 km' (one decimal) or '17 km'. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 10) return `${(Math.round(km * 10) / 10).toFixed(1)} km`;
  return `${Math.round(km)} km`;
}

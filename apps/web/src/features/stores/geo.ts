// Distances for the 'Near me' tab (spec section 9): within 50 km, nearest first, and stores
// without coordinates left out. Great-circle distance by the haversine formula.
import type { Store } from '@kete/shared';

export const NEAR_ME_RADIUS_KM = 50;
const EARTH_RADIUS_KM = 6371.0088;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Kilometres between two points on the Earth's surface. */
export function haversineKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

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

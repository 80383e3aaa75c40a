// Straight-line distances and the shortest round trip through a few stores (issue 13: travel
// counts as the shortest round trip from the origin, as the crow flies).

export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Tour {
  km: number;
  /** Indexes into the points, in visiting order (origin excluded). */
  order: number[];
}

/**
 * The shortest round trip origin -> every point -> origin, exactly (Held-Karp dynamic programming,
 * O(k² 2^k): instant for the few stores a trip visits). `fromOrigin[i]` is origin-to-point i,
 * `between[i][j]` point i to point j. Of the two directions the one starting at the lower index wins.
 */
export function shortestTour(fromOrigin: readonly number[], between: readonly (readonly number[])[]): Tour {
  const k = fromOrigin.length;
  if (k === 0) return { km: 0, order: [] };
  if (k === 1) return { km: 2 * (fromOrigin[0] as number), order: [0] };
  const full = (1 << k) - 1;
  // best[mask * k + last]: shortest path from the origin through mask, ending at last.
  const best = new Float64Array((full + 1) * k).fill(Number.POSITIVE_INFINITY);
  const parent = new Int8Array((full + 1) * k).fill(-1);
  for (let i = 0; i < k; i++) best[(1 << i) * k + i] = fromOrigin[i] as number;
  for (let mask = 1; mask <= full; mask++) {
    for (let last = 0; last < k; last++) {
      const here = best[mask * k + last] as number;
      if (!(mask & (1 << last)) || here === Number.POSITIVE_INFINITY) continue;
      const row = between[last] as readonly number[];
      for (let next = 0; next < k; next++) {
        if (mask & (1 << next)) continue;
        const slot = (mask | (1 << next)) * k + next;
        const length = here + (row[next] as number);
        if (length < (best[slot] as number)) {
          best[slot] = length;
          parent[slot] = last;
        }
      }
    }
  }
  let km = Number.POSITIVE_INFINITY;
  let end = 0;
  for (let last = 0; last < k; last++) {
    const length = (best[full * k + last] as number) + (fromOrigin[last] as number);
    if (length < km - 1e-9) {
      km = length;
      end = last;
    }
  }
  const order: number[] = [];
  for (let mask = full, at = end; at >= 0; ) {
    order.push(at);
    const previous = parent[mask * k + at] as number;
    mask &= ~(1 << at);
    at = previous;
  }
  order.reverse();
  // A round trip reads the same both ways: start from the lower-numbered end so answers are stable.
  if ((order[0] as number) > (order[order.length - 1] as number)) order.reverse();
  return { km, order };
}

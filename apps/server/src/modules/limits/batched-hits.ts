// Hits counted by this process and added to the database's count in batches, for a limit that
// is high and hit on every write (writes per user a minute). Far from the limit a hit costs no
// database write: the process counts it and adds its count every BATCH hits (one upsert that also
// answers the total of every process). Near the limit every hit is added and read at once, as
// rateLimits.hit does. One process alone is exact. With several, a process sees the others' hits
// only when it adds its own, so it may let through the hits it counted since (fewer than BATCH)
// after the others reached the limit: at most the limit plus (BATCH - 1) a process a window, on
// top of the fixed window's own edge (decision 0006); for 300 writes a minute and 2 processes,
// 318, and in practice less, as every hit is added once the count is within EXACT_WITHIN.
// Hits not added when a window ends are dropped with it: that window's limit no longer matters.
import type { RateLimits } from './rate-limits.js';

/** Hits a process counts before it adds them to the database. */
export const BATCH = 10;
/** How far below the limit every hit is counted in the database (more than a batch behind). */
export const EXACT_WITHIN = 3 * BATCH;
/** Buckets kept; past it, the ones of ended windows are forgotten. */
const MAX_BUCKETS = 10_000;

interface Bucket {
  windowStart: number;
  /** The database's total when this process last added to it. */
  known: number;
  /** This process's hits not added yet. */
  unsent: number;
}

export function batchedHits(limits: RateLimits, windowMs: number) {
  const buckets = new Map<string, Bucket>();

  function bucketOf(name: string, windowStart: number): Bucket {
    let bucket = buckets.get(name);
    if (bucket?.windowStart === windowStart) return bucket;
    if (buckets.size >= MAX_BUCKETS) {
      for (const [key, old] of buckets) if (old.windowStart !== windowStart) buckets.delete(key);
    }
    bucket = { windowStart, known: 0, unsent: 0 };
    buckets.set(name, bucket);
    return bucket;
  }

  return {
    /** Counts one hit; answers the hits in the window so far, as far as this process can tell. */
    async hit(name: string, limit: number, now: number): Promise<number> {
      const bucket = bucketOf(name, now - (now % windowMs));
      bucket.unsent += 1;
      const estimate = bucket.known + bucket.unsent;
      if (bucket.unsent < BATCH && estimate < limit - EXACT_WITHIN) return estimate;
      const adding = bucket.unsent;
      bucket.unsent = 0;
      const total = await limits.hit(name, windowMs, now, adding);
      // Hits counted while this one was on its way are still unsent; they are not in `total`.
      bucket.known = Math.max(bucket.known, total);
      return total;
    },
  };
}

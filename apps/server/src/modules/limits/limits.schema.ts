// Rate-limit counters live in the database so every server process (KETE_WORKERS, or several
// machines on one PostgreSQL) counts against the same numbers.

export interface RateLimitsTable {
  /** What is counted and for whom, e.g. "writes:42" or "grant-mail:7:ben@example.com". */
  bucket: string;
  /** Start of the fixed window (epoch ms, a multiple of the window's length). */
  window_start: number;
  hits: number;
  /** When the window is over and the row can be purged. */
  expires_at: number;
}

export interface LimitsTables {
  rate_limits: RateLimitsTable;
}

// Open live streams, one row each, so the caps on them (per user, per client address) hold across
// server processes. A process renews its rows' lease on every heartbeat; the rows of a process
// that died stop counting when their lease runs out, and the purge deletes them.

export interface LiveStreamsTable {
  /** Random per stream. */
  id: string;
  user_id: number;
  /** The client address it came from (identity/client-key.ts). */
  client: string;
  /** Counted until then (renewed by its process's heartbeat). */
  expires_at: number;
}

export interface EventsTables {
  live_streams: LiveStreamsTable;
}

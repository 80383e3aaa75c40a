// The tables of the refresh module (docs/decisions/0007-real-prices.md).
import type { ColumnType } from 'kysely';

/** A named lease: who runs a job now and until when (epoch ms); one row per job. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** The last refresh of each store (issue 33): when it finished, whether it worked, and why not. */
export interface RefreshResultsTable {
  store_id: number;
  finished_at: number;
  /** 1: its full listing was fetched and ingested; 0: a step failed (its old prices kept). */
  ok: number;
  error: string | null;
}

export interface RefreshTables {
  job_leases: JobLeasesTable;
  refresh_results: RefreshResultsTable;
}

/** Columns the refresh module adds to `stores` (optional on insert: seed rows may lack them). */
export interface StoreFactsColumns {
  /** Woolworths' online-shop (fulfilment) store id; null for other chains. */
  online_store_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of {day, open, close} (OpeningDay in @kete/shared), as the chain publishes them. */
  opening_hours: ColumnType<string | null, string | null | undefined, string | null>;
}

// The tables of the refresh module (docs/decisions/0007-real-prices.md).
import type { ColumnType } from 'kysely';

/** A named lease: who runs a job now and until when (epoch ms); one row per job. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface RefreshTables {
  job_leases: JobLeasesTable;
}

/** Columns the refresh module adds to `stores` (optional on insert: seed rows may lack them). */
export interface StoreFactsColumns {
  /** Woolworths' online-shop (fulfilment) store id; null for other chains. */
  online_store_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of {day, open, close} (OpeningDay in @kete/shared), as the chain publishes them. */
  opening_hours: ColumnType<string | null, string | null | undefined, string | null>;
}

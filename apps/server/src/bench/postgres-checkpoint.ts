// Before each measured run on PostgreSQL, a CHECKPOINT: the bench's own preparation writes in bulk
// (an NZ catalogue's ingest, then storeVerdicts rewriting ~10 million verdicts at every start),
// and PostgreSQL's checkpointer and background writer then flush those pages for minutes. Measured
// on the kept NZ catalogue, they were 0.32 of this 2-core machine's cores during the search run
// (decision 0031, third round), so the run measured the preparation's write-back, not the server.
// The checkpoint of what a measured run itself writes stays in that run (it is the server's cost).
import pg from 'pg';

export interface PostgresCheckpoint {
  /** Flushes every dirty page now; answers the milliseconds it took (null: not allowed here). */
  beforeRun(): Promise<number | null>;
  close(): Promise<void>;
}

export async function postgresCheckpoint(url: string): Promise<PostgresCheckpoint> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let allowed = true;
  return {
    async beforeRun() {
      if (!allowed) return null;
      const started = performance.now();
      try {
        await client.query('checkpoint');
      } catch (error) {
        // CHECKPOINT needs a superuser or pg_checkpoint (PostgreSQL 15+); without it, say so once.
        allowed = false;
        console.log(
          `No CHECKPOINT before the runs (${(error as Error).message}): PostgreSQL's write-back may fall in them`,
        );
        return null;
      }
      return performance.now() - started;
    },
    close: () => client.end(),
  };
}

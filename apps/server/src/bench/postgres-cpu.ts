// PostgreSQL's own CPU time during a load run (issue 47): on one machine its backends share the
// cores with the server's processes and the load generator, so the bench prints the cores they
// kept busy beside the server's. Read from /proc for the backends connected to the bench's
// database (pg_stat_activity), PostgreSQL on this machine; its shared processes (the WAL writer,
// the checkpointer) serve every database on the server and are left out.
import pg from 'pg';
import { cpuSeconds } from './machine-cpu.js';

export interface PostgresCpu {
  /** Starts measuring; the returned function gives the cores the backends kept busy since. */
  measure(): Promise<() => Promise<number>>;
  close(): Promise<void>;
}

export async function postgresCpu(url: string): Promise<PostgresCpu> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Every backend of this database but the one asking.
  const backends = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
  };
  return {
    async measure() {
      const before = await backends();
      const started = performance.now();
      return async () => {
        const after = await backends();
        const elapsed = (performance.now() - started) / 1000;
        // A backend that began during the run counts whole; one that ended meanwhile is not seen.
        let seconds = 0;
        for (const [pid, now] of after) seconds += Math.max(0, now - (before.get(pid) ?? 0));
        return seconds / elapsed;
      };
    },
    close: () => client.end(),
  };
}

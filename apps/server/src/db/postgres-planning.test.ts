// Kete's PostgreSQL connections never start parallel workers: every read is a small keyed lookup,
// and a stale row estimate once planned a product's history (0.4 ms of work) with two parallel
// workers that took it to 7 ms (decision 0011). Runs against TEST_DATABASE_URL in both projects,
// as the other outage and PostgreSQL-only tests do, so neither run skips it.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './database.js';

describe("Kete's PostgreSQL connections", () => {
  it('plan without parallel workers, even for a table the planner thinks is large', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('needs TEST_DATABASE_URL');
    const { db, close } = openPostgres(url, { maxConnections: 1 });
    const big = sql.table(`parallel_probe_${process.pid}_${Date.now()}`);
    try {
      const setting = await sql<{
        value: string;
      }>`select current_setting('max_parallel_workers_per_gather') as value`.execute(db);
      expect(setting.rows[0]?.value).toBe('0');
      // A scan that PostgreSQL would otherwise spread over workers (costs say so: no real data needed).
      // An ordinary table: PostgreSQL never scans a temporary one in parallel.
      await sql`create table ${big} (id int) with (parallel_workers = 2)`.execute(db);
      await sql`set parallel_setup_cost = 0`.execute(db);
      await sql`set parallel_tuple_cost = 0`.execute(db);
      await sql`set min_parallel_table_scan_size = 0`.execute(db);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from ${big}`.execute(db);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/Gather/);
    } finally {
      await sql`drop table if exists ${big}`.execute(db);
      await close();
    }
  });
});

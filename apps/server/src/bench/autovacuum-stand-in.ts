// PostgreSQL's autovacuum keeps the tables a server churns (the shopping list's rows, the rate
// limit's counters) clear of dead rows. On a server with it off (this workplace's PostgreSQL runs
// so), dead rows pile up from run to run: 342,254 dead against 22,294 live rows in cart_items after
// three runs, which every later read of a shopping list and every cap's count walk through. Then a
// run measures the history of earlier runs, not the server. So the bench stands in for autovacuum:
// before each run it vacuums the tables autovacuum would have (by autovacuum's own default
// threshold, dead rows over 50 + 20% of the live ones), and says so. With autovacuum on it does
// nothing.
import pg from 'pg';

export interface AutovacuumStandIn {
  /** Vacuums what autovacuum would have; answers the tables vacuumed. */
  beforeRun(): Promise<string[]>;
  close(): Promise<void>;
}

/** Undefined where PostgreSQL's own autovacuum is on. */
export async function autovacuumStandIn(url: string): Promise<AutovacuumStandIn | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
  if (rows[0]?.autovacuum === 'on') {
    await client.end();
    return undefined;
  }
  console.log(
    "PostgreSQL's autovacuum is off on this server: before each run the bench vacuums the tables it would have (dead rows over 50 + 20% of live ones)",
  );
  return {
    async beforeRun() {
      const due = await client.query<{ name: string }>(
        `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
          where n_dead_tup > 50 + 0.2 * n_live_tup order by relname`,
      );
      for (const { name } of due.rows) await client.query(`vacuum (analyze) ${name}`);
      return due.rows.map((row) => row.name);
    },
    close: () => client.end(),
  };
}

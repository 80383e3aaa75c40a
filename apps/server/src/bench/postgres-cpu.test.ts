// The bench's PostgreSQL CPU (postgres-cpu.ts) against a real backend doing a known amount of work,
// on a database of its own (so no other session's backend is counted). Measured as CPU time, not
// wall time: it holds on a machine shared with other work.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase } from '../test/test-database.js';
import { type PostgresCpu, postgresCpu } from './postgres-cpu.js';

let drop = async () => {};
let client: pg.Client;
let cpu: PostgresCpu;

/** The CPU seconds PostgreSQL's backends used while `work` ran, by the bench's measure. */
async function secondsWhile(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const cores = await cpu.measure();
  await work();
  const busy = await cores();
  return busy * ((performance.now() - started) / 1000);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL's cores in the bench", () => {
  beforeAll(async () => {
    const scratch = await createScratchPostgresDatabase();
    drop = scratch.drop;
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    cpu = await postgresCpu(scratch.url);
  });
  afterAll(async () => {
    await client?.end();
    await cpu?.close();
    await drop();
  });

  it("counts a backend's work, and next to nothing while it waits", async () => {
    // About a second of one core's work on a quiet machine, however long it takes here.
    const busy = await secondsWhile(() =>
      client.query('select sum(i) from generate_series(1, 20000000) as i'),
    );
    expect(busy).toBeGreaterThan(0.2);
    const idle = await secondsWhile(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(idle).toBeLessThan(0.05);
  });
});

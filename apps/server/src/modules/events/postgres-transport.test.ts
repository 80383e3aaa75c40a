// Live events between processes on PostgreSQL (LISTEN/NOTIFY): after PostgreSQL ends the listening
// connection and refuses new ones for a while (a restart takes seconds), the listener keeps trying
// until it is back, instead of giving up after one attempt. A real PostgreSQL: a scratch database
// whose connections are cut and refused, then allowed again.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, testDialect } from '../../test/test-database.js';
import type { BusMessage } from './event-bus.js';
import { postgresTransport } from './postgres-transport.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const message = (n: number): BusMessage => ({
  workspaceId: n,
  event: { type: 'cart', actor: 'Sam', action: 'added', productName: `Milk ${n}` } as never,
  origin: 'other-process',
});

async function until(check: () => boolean, ms: number) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(testDialect() === 'postgres')('live events over PostgreSQL', () => {
  it('listens again once PostgreSQL accepts connections after several refused attempts', async () => {
    const scratch = await createScratchPostgresDatabase();
    cleanups.push(() => scratch.drop());
    const name = new URL(scratch.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    cleanups.push(() => admin.end());

    const received: BusMessage[] = [];
    const listener = postgresTransport(scratch.url, 'public');
    await listener.start((m) => received.push(m));
    cleanups.push(() => listener.close());

    // "Restart": refuse new connections and end the listening one, for about three retry periods.
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);

    const sender = postgresTransport(scratch.url, 'public');
    await sender.start(() => {});
    cleanups.push(() => sender.close());
    // The listener is back within a retry period or two; keep sending until it hears one.
    let n = 0;
    await until(() => {
      void sender.send(message(++n)).catch(() => {});
      return received.length > 0;
    }, 5000);
    expect(received[0]?.origin).toBe('other-process');
  });
});

// KETE_METRICS_PORT with two server processes (issue 48 item 2): the scraper's own port answers
// both workers' numbers summed, the public port has no /metrics (404, not the app's page), and a
// database-wide gauge is not counted once per worker. The built server, a real cluster.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/server-process.js';
import { createScratchPostgresDatabase, testDialect } from '../test/test-database.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sample = (text: string, line: RegExp) =>
  text
    .split('\n')
    .filter((l) => line.test(l))
    .map((l) => Number(l.split(' ').at(-1)));

describe('KETE_METRICS_PORT', () => {
  it('sums every worker on its own port, and the public port has no /metrics', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kete-metrics-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      KETE_DATA_DIR: dataDir,
      KETE_DEMO_DATA: '0',
      KETE_WORKERS: '2',
      KETE_METRICS_PORT: String(await freePort()),
    };
    if (testDialect() === 'postgres') {
      const scratch = await createScratchPostgresDatabase();
      cleanups.push(() => scratch.drop());
      env.DATABASE_URL = scratch.url;
    }
    const server = await startServerProcess(env);
    cleanups.push(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    });
    const asks = 60;
    for (let i = 0; i < asks; i += 1) {
      // A new connection each time, so both workers take some.
      const res = await fetch(`${server.url}/api/health`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
    }
    const publicMetrics = await fetch(`${server.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.json()).toEqual({ message: 'Not found.' });

    const res = await fetch(`http://127.0.0.1:${env.KETE_METRICS_PORT}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const counts = sample(
      text,
      /^kete_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\}/,
    );
    expect(counts).toEqual([asks]);
    expect(sample(text, /^kete_stale_stores /)).toEqual([0]);
    // Two processes' resident memory, summed: more than one process has.
    expect(sample(text, /^process_resident_memory_bytes /)[0]).toBeGreaterThan(60 * 1_048_576);
    expect((await fetch(`http://127.0.0.1:${env.KETE_METRICS_PORT}/other`)).status).toBe(404);
  }, 60_000);
});

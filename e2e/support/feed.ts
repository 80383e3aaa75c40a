// Loads a crafted price feed into a running test server's own database, the way an operator does
// (`kete ingest`), then restarts the server so no cache of the earlier catalogue survives.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from './server.js';

const cli = new URL('../../apps/server/dist/cli.js', import.meta.url).pathname;

/** Runs a `kete` command against the server's data folder (SQLite). */
export function runKete(server: RunningServer, args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, KETE_DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

export async function ingestFeed(
  server: RunningServer,
  lines: string[],
  name = 'feed.ndjson',
): Promise<void> {
  const file = join(server.dataDir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  await server.stop();
  const run = runKete(server, ['ingest', file]);
  if (run.status !== 0) throw new Error(`ingest failed (${run.status}): ${run.stderr}${run.stdout}`);
  await server.restart();
}

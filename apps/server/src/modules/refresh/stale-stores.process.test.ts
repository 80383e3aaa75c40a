// Stale prices everywhere, not only at chosen stores (issue 48 item 6): `kete status` lists every
// store with prices whose newest is older than KETE_STALE_DAYS, chosen or not; /api/status counts
// them; and every `kete` command first says which database it opened (the built CLI, a real process).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEntry } from '../../test/server-process.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createScratchPostgresDatabase, testDialect } from '../../test/test-database.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { chainOf } from './refresh-plan.js';
import { statusCommand } from './status.command.js';

let t: TestApp;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
});

const DAY = 86_400_000;

describe('stale stores', () => {
  it('are listed by kete status and counted by /api/status, whether a shopping list chose them or not', async () => {
    const [old, fresh] = await t.ctx.db
      .selectFrom('stores')
      .select(['id', 'name', 'chain', 'source_id'])
      .orderBy('id')
      .limit(2)
      .execute();
    if (!old || !fresh) throw new Error('no stores seeded');
    const line = (store: typeof old, key: string, daysAgo: number) =>
      JSON.stringify({
        chain: chainOf[store.chain],
        store: store.source_id,
        productKey: key,
        name: `Loaf ${key}`,
        price: 350,
        observedAt: t.clock.now() - daysAgo * DAY,
      });
    await ingestLines(t.ctx, [line(old, 'A', 581), line(fresh, 'B', 1)]);

    const status = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ staleDays: 8, staleStores: 1 });

    const out: string[] = [];
    expect(await statusCommand.run([], t.ctx, { out: (l) => out.push(l), err: () => {} })).toBe(0);
    expect(out).toContain('No store has been chosen by any shopping list yet.');
    expect(out).toContain('Stale: 1 store whose newest price is older than 8 days (chosen or not):');
    expect(out).toContain(`  ${chainOf[old.chain]} ${old.name}: newest price 581 days old`);
    expect(out.join('\n')).not.toContain(fresh.name);
  });
});

describe('every kete command', () => {
  it('says first which database it opened: the SQLite file, or PostgreSQL without its password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kete-cli-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', KETE_DEMO_DATA: '0' };
    let expected = `Database: SQLite ${join(dir, 'data', 'kete.sqlite')} (KETE_DATA_DIR is unset: ./data)`;
    if (testDialect() === 'postgres') {
      const scratch = await createScratchPostgresDatabase();
      cleanups.push(() => scratch.drop());
      const url = new URL(scratch.url);
      url.password = 'not-shown';
      env.DATABASE_URL = url.toString();
      env.KETE_DATA_DIR = dir;
      expected = `Database: PostgreSQL ${url.username}@${url.hostname}:${url.port}${url.pathname}`;
    }
    const run = spawnSync(process.execPath, [cliEntry, 'user:list'], { cwd: dir, env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr.split('\n')[0]).toBe(expected);
    expect(run.stderr + run.stdout).not.toContain('not-shown');
  });
});

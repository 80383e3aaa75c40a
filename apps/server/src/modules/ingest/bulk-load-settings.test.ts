// The ingest's SQLite settings (bulk-load-settings.ts) on a real database file: in force on the
// writing connection for the run only, and restored however the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openSqlite } from '../../db/database.js';
import { withBulkLoadSettings } from './bulk-load-settings.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function database(): Database {
  const dir = mkdtempSync(join(tmpdir(), 'kete-bulk-load-'));
  const opened = openSqlite(join(dir, 'kete.sqlite'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => opened.close());
  return opened;
}

/** temp_store: 0 default, 2 memory; wal_autocheckpoint in pages. */
async function settings(target: Database) {
  const temp = await sql<{ temp_store: number }>`pragma temp_store`.execute(target.db);
  const checkpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(target.db);
  return { tempStore: temp.rows[0]?.temp_store, autocheckpoint: checkpoint.rows[0]?.wal_autocheckpoint };
}

const target = (opened: Database) => ({ ...opened, clock: { now: () => Date.now() } });

describe('bulk load settings (SQLite)', () => {
  it('keeps statement journals in memory and checkpoints every 10,000 pages during the run only', async () => {
    const opened = database();
    expect(await settings(opened)).toEqual({ tempStore: 0, autocheckpoint: 1000 });
    const during = await withBulkLoadSettings(target(opened), () => settings(opened));
    expect(during).toEqual({ tempStore: 2, autocheckpoint: 10_000 });
    expect(await settings(opened)).toEqual({ tempStore: 0, autocheckpoint: 1000 });
  });

  it('restores the defaults when the run fails', async () => {
    const opened = database();
    const failing = withBulkLoadSettings(target(opened), async () => {
      throw new Error('bad feed');
    });
    await expect(failing).rejects.toThrow('bad feed');
    expect(await settings(opened)).toEqual({ tempStore: 0, autocheckpoint: 1000 });
  });
});

// Rolling back (issue 48 item 5): an older release started on a database a newer one has migrated
// stops with one plain message naming the migration it does not know: the server and every `kete`
// command, on both databases, without Kysely's 'corrupted migrations' or a stack trace.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEntry, runServer } from '../../test/server-process.js';
import { createScratchPostgresDatabase, testDialect } from '../../test/test-database.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const NEWER = '999-from-the-next-release';

describe('an older release on a newer database', () => {
  it('stops with one message naming the migration, for the server and a kete command', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kete-rollback-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      KETE_DATA_DIR: dataDir,
      KETE_DEMO_DATA: '0',
      KETE_WORKERS: '1',
    };
    if (testDialect() === 'postgres') {
      const scratch = await createScratchPostgresDatabase();
      cleanups.push(() => scratch.drop());
      env.DATABASE_URL = scratch.url;
    }
    // This release migrates the database; then "the next release" adds a migration of its own.
    expect(spawnSync(process.execPath, [cliEntry, 'user:list'], { env, encoding: 'utf8' }).status).toBe(0);
    const row = `insert into kysely_migration (name, timestamp) values ('${NEWER}', '2027-01-01T00:00:00.000Z')`;
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      await client.query(row);
      await client.end();
    } else {
      const db = new SqliteDatabase(join(dataDir, 'kete.sqlite'));
      db.exec(row);
      db.close();
    }

    const message = `Kete cannot start: this database was written by a newer version of Kete: it has migration ${NEWER}, which this version does not know.`;
    const server = runServer(env);
    expect(await server.exited).toBe(1);
    const cli = spawnSync(process.execPath, [cliEntry, 'status'], { env, encoding: 'utf8' });
    expect(cli.status).toBe(1);
    for (const output of [server.output(), cli.stderr]) {
      expect(output).toContain(message);
      expect(output).toContain('restore a backup made before the upgrade');
      expect(output).not.toContain('corrupted migrations');
      expect(output).not.toMatch(/^\s+at /m);
    }
  }, 60_000);
});

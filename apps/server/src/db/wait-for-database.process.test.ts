// Start-up and a PostgreSQL that is not there yet (issue 48 item 4), as an operator meets it: the
// built server as a real process. It waits, one line per try, and is up within 10 s of the database
// appearing; given up, it stops with one paragraph naming DATABASE_URL (password hidden), the cause
// and what to do, and no stack trace.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer } from '../test/server-process.js';
import { testDialect } from '../test/test-database.js';
import { adviceFor } from './wait-for-database.js';

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function dataFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'kete-wait-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const urlWith = (changes: { database?: string; user?: string; password?: string; port?: string }) => {
  const url = new URL(base);
  if (changes.database) url.pathname = `/${changes.database}`;
  if (changes.user) url.username = changes.user;
  if (changes.password) url.password = changes.password;
  if (changes.port) url.port = changes.port;
  return url.toString();
};

async function until(check: () => boolean, ms: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('what to do about each fault', () => {
  it('names the fault and the fix, never the password', () => {
    const url = new URL('postgres://kete:s3cret@db.internal:5433/kete');
    expect(adviceFor(Object.assign(new Error('x'), { code: '28P01' }), url)).toEqual({
      cause: 'PostgreSQL refused the password of "kete"',
      advice: expect.stringContaining('Correct the password in DATABASE_URL'),
    });
    expect(adviceFor(Object.assign(new Error('x'), { code: '3D000' }), url).advice).toContain(
      'createdb -h db.internal -p 5433 -U kete kete',
    );
    expect(adviceFor(Object.assign(new Error('x'), { code: '28000' }), url).advice).toContain(
      'createuser -h db.internal -p 5433 kete',
    );
    expect(adviceFor(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), url).cause).toBe(
      'nothing accepts connections at db.internal:5433 (connection refused)',
    );
  });
});

// Defined only where it applies, so neither run reports a skip.
if (testDialect() === 'postgres')
  describe('a server started before its PostgreSQL database exists', () => {
    it('waits, a line per try, and is up within 10 s of the database appearing', async () => {
      const name = `kete_wait_${randomBytes(5).toString('hex')}`;
      cleanups.push(async () => {
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      });
      const run = runServer({
        KETE_DATA_DIR: dataFolder(),
        KETE_DEMO_DATA: '0',
        KETE_WORKERS: '1',
        KETE_DB_WAIT: '60',
        DATABASE_URL: urlWith({ database: name }),
      });
      cleanups.push(async () => {
        run.child.kill('SIGKILL');
        await run.exited;
      });
      await until(() => (run.output().match(/Waiting for PostgreSQL/g) ?? []).length >= 3, 15_000);
      expect(run.output()).toContain(
        `(try 1): the database "${name}" does not exist; trying again in 0.25 s`,
      );
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      const ms = await until(() => /running at http/.test(run.output()), 10_000);
      expect(ms).toBeLessThan(10_000);
      expect(run.output()).not.toMatch(/^\s+at /m);
    });

    for (const [fault, env, cause] of [
      [
        'a missing database',
        { database: 'kete_never_made' },
        'the database "kete_never_made" does not exist',
      ],
      ['a missing role', { user: 'kete_no_such_role' }, 'PostgreSQL refused the role "kete_no_such_role"'],
      ['refused connections', { port: 'closed' }, '(connection refused)'],
    ] as const) {
      it(`stops after KETE_DB_WAIT with one paragraph for ${fault}: DATABASE_URL without its password, the cause, the fix`, async () => {
        const changes = { ...env, password: 'hunter2-secret' } as Record<string, string>;
        if (changes.port === 'closed') changes.port = String(await closedPort());
        const run = runServer({
          KETE_DATA_DIR: dataFolder(),
          KETE_DEMO_DATA: '0',
          KETE_WORKERS: '1',
          KETE_DB_WAIT: '1',
          DATABASE_URL: urlWith(changes),
        });
        const started = Date.now();
        expect(await run.exited).toBe(1);
        // Node's own start-up takes seconds on a busy machine; the point is that it gives up.
        expect(Date.now() - started).toBeLessThan(20_000);
        const output = run.output();
        expect(output).toContain(
          'Kete cannot start: it could not open its database, DATABASE_URL=postgres://',
        );
        expect(output).toContain(cause);
        expect(output).toContain(':***@');
        expect(output).not.toContain('hunter2-secret');
        expect(output).not.toMatch(/^\s+at /m);
        expect(output.trim().split('\n').at(-1)).toMatch(/KETE_DB_WAIT sets how many seconds/);
      });
    }
  });

// Readiness tells the truth (issue 48 item 1): /api/ready is 503 with a reason while the database
// cannot answer and 200 again once it can, while /api/health (liveness) stays 200 throughout; and
// a request that cannot reach the database is a 503 in the error shape, never a 500. Real
// PostgreSQL taken away by renaming its database, as an operator's mistake or a restore would.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createContext } from '../../context.js';
import { openPostgres } from '../../db/database.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db/unavailable.js';
import { buildTestApp } from '../../test/test-app.js';
import { createScratchPostgresDatabase, testDialect } from '../../test/test-database.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Asks `url` every 250 ms until `check` (of its status and body) holds; the milliseconds it took, or a failure after `ms`. */
async function within(
  app: FastifyInstance,
  url: string,
  check: (status: number, body: string) => boolean,
  ms: number,
) {
  const started = Date.now();
  for (;;) {
    const res = await app.inject({ method: 'GET', url });
    if (check(res.statusCode, res.body)) return { ms: Date.now() - started, res };
    if (Date.now() - started > ms) throw new Error(`${url} still ${res.statusCode} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /api/ready', () => {
  it('is 200 while the database answers, and health is 200 too', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('is 503 "connection refused" while PostgreSQL does not listen; health stays 200; sign-in is a 503 in the error shape', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const down = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/kete`);
    const app = await buildApp({ ...t.ctx, db: down.db, dialect: 'postgres' }, { logger: false });
    cleanups.push(async () => {
      await app.close();
      await down.close();
    });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'connection refused' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/identity/email',
      payload: { email: 'sam@example.com' },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(DATABASE_UNAVAILABLE_MESSAGE).toBe('Kete cannot reach its database; try again shortly');
  });

  // Defined only where it applies, so neither run reports a skip.
  if (testDialect() === 'postgres')
    it('turns 503 within 10 s of the database being renamed away, and 200 within 10 s of its return', async () => {
      const scratch = await createScratchPostgresDatabase();
      const name = new URL(scratch.url).pathname.slice(1);
      const away = `${name}_away`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${away} WITH (FORCE)`);
        await admin.end();
        await scratch.drop();
      });
      const dataDir = mkdtempSync(join(tmpdir(), 'kete-ready-'));
      const database = openPostgres(scratch.url);
      const ctx = await createContext(loadConfig({ KETE_DATA_DIR: dataDir, KETE_DEMO_DATA: '0' }), {
        database,
        startTasks: false,
      });
      const app = await buildApp(ctx, { logger: false });
      cleanups.push(async () => {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      });
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      // Take it away: end its sessions and rename it (retried: the pool may reconnect meanwhile).
      const moveDatabase = async (from: string, to: string) => {
        for (let tries = 0; ; tries += 1) {
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
            from,
          ]);
          try {
            await admin.query(`ALTER DATABASE ${from} RENAME TO ${to}`);
            return;
          } catch (error) {
            if (tries > 50) throw error;
          }
        }
      };
      await moveDatabase(name, away);
      // The first 503 may name the ended sessions ('shutting down', 57P01) before the pool's next
      // connection finds the database gone: under load the gate once read it there.
      const gone = await within(
        app,
        '/api/ready',
        (status, body) => status === 503 && body.includes('database does not exist'),
        10_000,
      );
      expect(gone.res.json()).toEqual({ status: 'unavailable', database: 'database does not exist' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/identity/email',
        payload: { email: 'sam@example.com' },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      const status = await app.inject({ method: 'GET', url: '/api/status' });
      expect(status.statusCode).toBe(503);

      await moveDatabase(away, name);
      const back = await within(app, '/api/ready', (status) => status === 200, 10_000);
      expect(back.ms).toBeLessThan(10_000);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/identity/email',
            payload: { email: 'sam@example.com' },
          })
        ).statusCode,
      ).toBe(200);
    });
});

// Two servers sharing one PostgreSQL database, as on two machines (PostgreSQL to scale out): what
// one server's request changes, the other's kept answers (db/table-cache.ts) hear of through
// LISTEN/NOTIFY within moments, not only when they read again (KEPT_MS, 5 s). Real processes, a
// real database; PostgreSQL only, run in both projects against TEST_DATABASE_URL as the other
// PostgreSQL-only tests are.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLine, stores } from './test/fixtures/feed-lines.js';
import { markRan } from './test/markers.js';
import { cliEntry, type ServerProcess, startServerProcess } from './test/server-process.js';
import { codeFrom, startTestSmtpServer, type TestSmtpServer } from './test/smtp-server.js';
import { createScratchPostgresDatabase } from './test/test-database.js';

/** Well inside KEPT_MS: seen this soon only because the other server was told. */
const TOLD_WITHIN_MS = 1_500;

let smtp: TestSmtpServer;
let dataDir: string;
let dropDatabase = async () => {};
let first: ServerProcess;
let second: ServerProcess;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error('needs TEST_DATABASE_URL');
  markRan('postgres');
  smtp = await startTestSmtpServer();
  dataDir = mkdtempSync(join(tmpdir(), 'kete-machines-'));
  const { url, drop } = await createScratchPostgresDatabase();
  dropDatabase = drop;
  const env = {
    KETE_DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    KETE_DEMO_DATA: '0',
    DATABASE_URL: url,
    // Both machines sign the same tokens: a phone's session works on either.
    KETE_SECRET: 'two-machines-one-database-secret-'.repeat(2),
    KETE_WORKERS: '1',
    KETE_SIGNIN_RATE_LIMIT: '1000',
  };
  const feed = join(dataDir, 'feed.ndjson');
  writeFileSync(feed, `${priceLine(stores.paknsaveAlbany)}\n`);
  execFileSync(process.execPath, [cliEntry, 'ingest', feed], { env: { ...process.env, ...env } });
  first = await startServerProcess(env);
  second = await startServerProcess(env);
});
afterAll(async () => {
  for (const server of [first, second]) {
    server?.child.kill('SIGTERM');
    await server?.exited;
  }
  await smtp?.close();
  await dropDatabase();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered.
type Json = any;

async function call(
  server: ServerProcess,
  path: string,
  method = 'GET',
  body?: unknown,
  token?: string,
): Promise<Json> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

describe('two servers sharing one PostgreSQL database', () => {
  it('a store added or removed on one is priced, or not, on the other within moments', async () => {
    const email = 'two-machines@example.com';
    await call(first, '/api/identity/email', 'POST', { email });
    const passcode = codeFrom(await smtp.lastTo(email));
    const session = await call(first, '/api/identity/passcode', 'POST', { email, passcode });
    const token = session.access_token as string;
    const init = await call(first, '/api/init/start', 'POST', {}, token);
    const shortCode = init.workspace.shortCode as string;
    const albany = init.stores.all.find((s: { name: string }) => s.name === "PAK'nSAVE Albany");
    const [product] = await call(first, `/api/${shortCode}/products/search`, 'POST', { text: 'milk' }, token);
    const pricedOnSecond = async () =>
      (
        (await call(second, `/api/${shortCode}/products/${product.id}/prices`, 'GET', undefined, token)) as {
          storeId: number;
        }[]
      ).map((price) => price.storeId);

    // The second server keeps the workspace without the store...
    expect(await pricedOnSecond()).toEqual([]);
    // ...until the first adds it, and again once the first removes it.
    await call(first, `/api/${shortCode}/stores/${albany.id}`, 'POST', undefined, token);
    await expect.poll(pricedOnSecond, { timeout: TOLD_WITHIN_MS, interval: 50 }).toEqual([albany.id]);
    await call(first, `/api/${shortCode}/stores/${albany.id}`, 'DELETE', undefined, token);
    await expect.poll(pricedOnSecond, { timeout: TOLD_WITHIN_MS, interval: 50 }).toEqual([]);
  });

  it('a trip started or ended on one is in the start-up of the other within moments', async () => {
    const email = 'two-machines-trip@example.com';
    await call(first, '/api/identity/email', 'POST', { email });
    const passcode = codeFrom(await smtp.lastTo(email));
    const session = await call(first, '/api/identity/passcode', 'POST', { email, passcode });
    const token = session.access_token as string;
    const init = await call(first, '/api/init/start', 'POST', {}, token);
    const shortCode = init.workspace.shortCode as string;
    const albany = init.stores.all.find((s: { name: string }) => s.name === "PAK'nSAVE Albany");
    // The second server keeps the start-up without a trip (issue 47: kept per process)...
    const tripOnSecond = async () =>
      (await call(second, '/api/init/start', 'POST', {}, token)).trip?.storeId ?? null;
    expect(await tripOnSecond()).toBeNull();
    // ...until the first starts one, and again once the first ends it.
    await call(first, `/api/${shortCode}/trip`, 'POST', { storeId: albany.id }, token);
    await expect.poll(tripOnSecond, { timeout: TOLD_WITHIN_MS, interval: 50 }).toBe(albany.id);
    await call(first, `/api/${shortCode}/trip`, 'DELETE', undefined, token);
    await expect.poll(tripOnSecond, { timeout: TOLD_WITHIN_MS, interval: 50 }).toBeNull();
  });
});

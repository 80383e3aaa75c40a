// KETE_WORKERS: several server processes on one port, as `npm start` runs on a multi-core machine.
// Real processes, a real database, real signals.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLine, stores } from './test/fixtures/feed-lines.js';
import { cliEntry, type ServerProcess, startServerProcess } from './test/server-process.js';
import { codeFrom, startTestSmtpServer, type TestSmtpServer } from './test/smtp-server.js';
import { createScratchPostgresDatabase, testDialect } from './test/test-database.js';

let smtp: TestSmtpServer;
let dataDir: string;
let databaseUrl = '';
let dropDatabase = async () => {};
let server: ServerProcess;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dataDir = mkdtempSync(join(tmpdir(), 'kete-cluster-'));
  if (testDialect() === 'postgres')
    ({ url: databaseUrl, drop: dropDatabase } = await createScratchPostgresDatabase());
  const env = { KETE_DATA_DIR: dataDir, SMTP_URL: smtp.url, KETE_DEMO_DATA: '0', DATABASE_URL: databaseUrl };
  // One product, through the operators' real ingest, so lists can be made (a list starts with one).
  const feed = join(dataDir, 'feed.ndjson');
  // A second product: a household's own "same product" group takes two.
  const second = priceLine(stores.paknsaveAlbany, { productKey: 'P2', name: 'Meadow Fresh Milk' });
  writeFileSync(feed, `${priceLine(stores.paknsaveAlbany)}\n${second}\n`);
  execFileSync(process.execPath, [cliEntry, 'ingest', feed], { env: { ...process.env, ...env } });
  server = await startServerProcess({ ...env, KETE_WORKERS: '2', KETE_SIGNIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await smtp.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server processes the primary runs (its children). */
function workerPids(): number[] {
  try {
    const out = execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered.
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** One request on a connection of its own (no keep-alive), answered as JSON. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered.
function onNewConnection(path: string, token: string, method = 'GET', body?: unknown): Promise<any> {
  return new Promise((resolve, reject) => {
    const json = body === undefined ? {} : { 'content-type': 'application/json' };
    const request = httpRequest(
      `${server.url}${path}`,
      { method, agent: false, headers: { authorization: `Bearer ${token}`, ...json } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => {
          if ((response.statusCode ?? 500) >= 300)
            return reject(new Error(`${method} ${path}: ${response.statusCode} ${body}`));
          resolve(body ? JSON.parse(body) : null);
        });
      },
    );
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

let productId = 0;
async function signIn(email: string): Promise<{ token: string; shortCode: string }> {
  expect((await call('/api/identity/email', { body: { email } })).status).toBe(200);
  const code = codeFrom(await smtp.lastTo(email));
  const session = (await call('/api/identity/passcode', { body: { email, passcode: code } })).body;
  const init = await call('/api/init/start', { body: {}, token: session.access_token });
  const found = await call(`/api/${init.body.workspace.shortCode}/products/search`, {
    body: { text: 'milk' },
    token: session.access_token,
  });
  productId = found.body[0]?.id ?? 0;
  return { token: session.access_token, shortCode: init.body.workspace.shortCode };
}

describe('several server processes on one port', () => {
  it('runs the configured number of server processes, each with a bounded heap', () => {
    const pids = workerPids();
    expect(pids).toHaveLength(2);
    // KETE_WORKER_HEAP_MB's default, as node was started with it (decision 0011).
    for (const pid of pids)
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--max-old-space-size=320');
  });

  it('takes many concurrent writes from both processes without losing or refusing one', async () => {
    const { token, shortCode } = await signIn('busy@example.com');
    // Each list creation reads (the name must be unique, the count capped) and then writes: the
    // pattern a deferred SQLite transaction would refuse when another process wrote in between.
    const names = Array.from({ length: 40 }, (_, i) => `List ${i + 1}`);
    const answers = await Promise.all(
      names.map((name) => call(`/api/${shortCode}/lists`, { body: { name, productId }, token })),
    );
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
    const lists = await call(`/api/${shortCode}/lists`, { method: 'GET', token });
    expect(lists.body.map((l: { name: string }) => l.name).sort()).toEqual([...names].sort());
  });

  it('a store added or removed through one process is seen by the very next request, whichever process takes it', async () => {
    const { token, shortCode } = await signIn('stores@example.com');
    const init = await call('/api/init/start', { body: {}, token });
    // The one store that prices the product (feed-lines.ts: stores.paknsaveAlbany).
    const albany = init.body.stores.all.find((s: { name: string }) => s.name === "PAK'nSAVE Albany");
    expect(albany).toBeDefined();
    // Each request on a connection of its own: the primary hands new connections to the processes
    // in turn, so a change and the read after it reach either process, both ways round, in turn.
    const pricedAt = async () => {
      const answer = await onNewConnection(`/api/${shortCode}/products/${productId}/prices`, token);
      return (answer as { storeId: number }[]).map((p) => p.storeId);
    };
    for (let round = 0; round < 8; round += 1) {
      await onNewConnection(`/api/${shortCode}/stores/${albany.id}`, token, 'POST');
      expect(await pricedAt()).toEqual([albany.id]);
      await onNewConnection(`/api/${shortCode}/stores/${albany.id}`, token, 'DELETE');
      expect(await pricedAt()).toEqual([]);
    }
  });

  it("a trip or a 'same product' group changed through one process is in the next start-up of either", async () => {
    const { token, shortCode } = await signIn('kept@example.com');
    const startUp = () => onNewConnection('/api/init/start', token, 'POST');
    const albany = (await startUp()).stores.all.find((s: { name: string }) => s.name === "PAK'nSAVE Albany");
    const found = await onNewConnection(`/api/${shortCode}/products/search`, token, 'POST', { text: 'milk' });
    const products = (found as { id: number }[]).map((p) => p.id).sort((a, b) => a - b);
    expect(products).toHaveLength(2);
    // Each change, then a start-up on each process in turn (new connections go to them in turn),
    // both of which kept the start-up from before the change (issue 47: kept per process).
    const bothStartUps = async () => [await startUp(), await startUp()];
    for (let round = 0; round < 3; round += 1) {
      await onNewConnection(`/api/${shortCode}/trip`, token, 'POST', { storeId: albany.id });
      for (const seen of await bothStartUps()) expect(seen.trip).toMatchObject({ storeId: albany.id });
      await onNewConnection(`/api/${shortCode}/trip`, token, 'DELETE');
      for (const seen of await bothStartUps()) expect(seen.trip).toBeNull();
      await onNewConnection(`/api/${shortCode}/equivalents`, token, 'PUT', { productIds: products });
      for (const seen of await bothStartUps())
        expect(seen.equivalents).toEqual([{ id: expect.any(Number), productIds: products }]);
      await onNewConnection(`/api/${shortCode}/equivalents/${products[0]}`, token, 'DELETE');
      for (const seen of await bothStartUps()) expect(seen.equivalents).toEqual([]);
    }
  });

  it('replaces a server process that is killed, and keeps answering meanwhile', async () => {
    const [victim] = workerPids();
    expect(victim).toBeDefined();
    process.kill(victim as number, 'SIGKILL');
    // Once the primary has noticed (a moment), the other process serves while a replacement starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    for (let waited = 0; waited < 15_000; waited += 100) {
      const pids = workerPids();
      if (pids.length === 2 && !pids.includes(victim as number)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pids = workerPids();
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(victim);
    const { token, shortCode } = await signIn('after-crash@example.com');
    expect(
      (await call(`/api/${shortCode}/lists`, { body: { name: 'Weekly', productId }, token })).status,
    ).toBe(200);
  });

  it('replaces serving processes killed one after another: kill -9 is not a crash loop', async () => {
    const count = (pattern: RegExp) => server.output().match(pattern)?.length ?? 0;
    // Every process that ended has a replacement that listens (the primary says so).
    const replaced = async () => {
      for (let waited = 0; waited < 15_000; waited += 50) {
        if (count(/ended \(SIGKILL\)/g) === count(/is serving, \d+ ms after one ended/g)) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    // More kills, each soon after its process started, than the crash-loop guard allows failed starts.
    for (let kill = 0; kill < 7; kill += 1) {
      expect(await replaced()).toBe(true);
      const ended = count(/ended \(SIGKILL\)/g);
      process.kill(workerPids()[0] as number, 'SIGKILL');
      for (let waited = 0; count(/ended \(SIGKILL\)/g) === ended && waited < 5000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await replaced()).toBe(true);
    expect(workerPids()).toHaveLength(2);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // Seven starts of a server process, ~2 s each on a 2-core machine running other suites: the
    // default 20 s left no room (it timed out under a full run's load while each start was fine).
  }, 60_000);
});

// `kete backup` of a running server's SQLite database under a steady write load, then `kete
// restore` into a new data folder: a server started there has every write acknowledged before the
// backup began. And restore's refusals: a data folder in use, a file that is not a Kete backup.
// (Sessions and push subscriptions across a restore, on both databases: server-archive.process.test.ts.)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { cliEntry, type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { codeFrom, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';

const WRITERS = 4;
let root: string;
let smtp: TestSmtpServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'kete-backup-'));
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});

const env = (dataDir: string, more: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  KETE_DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  KETE_DEMO_DATA: '0',
  KETE_WORKERS: '1',
  KETE_SECRET: 'a-secret-shared-by-both-data-folders-of-this-test',
  KETE_WRITE_RATE_LIMIT: '1000000',
  KETE_SIGNIN_RATE_LIMIT: '1000',
  ...more,
});

/** `npm run kete -- <args>` as an operator runs it (the built CLI), without blocking this process's load. */
function kete(dataDir: string, args: string[], more: Record<string, string> = {}) {
  const child = spawn(process.execPath, [cliEntry, ...args], { env: env(dataDir, more) });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    // The first line names the database (stale-stores.process.test.ts checks it); the rest is the command's.
    child.on('close', (code) => resolve({ code, out, err: err.replace(/^Database: .*\n/, '') })),
  );
}

async function api(server: ServerProcess, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function signIn(server: ServerProcess, email: string) {
  await api(server, 'POST', '/api/identity/email', undefined, { email });
  const passcode = codeFrom(await smtp.lastTo(email));
  const { json } = await api(server, 'POST', '/api/identity/passcode', undefined, { email, passcode });
  const init = await api(server, 'POST', '/api/init/start', json.access_token);
  return { token: json.access_token as string, shortCode: init.json.workspace.shortCode as string };
}

// SQLite's copy under load; PostgreSQL's archive: server-archive.process.test.ts.
// Always the server's own SQLite data folder, so it runs the same in both projects (as the
// PostgreSQL-only tests do), and neither reports a skip.
describe('backup under a write load, restore into a new data folder', () => {
  it('keeps every write acknowledged before the backup began', async () => {
    const original = join(root, 'original');
    mkdirSync(original);
    const feed = join(root, 'feed.ndjson');
    writeFileSync(
      feed,
      `${Array.from({ length: WRITERS }, (_, i) =>
        priceLine(stores.newWorldAlbany, { productKey: `B${i}`, name: `Backup Beans ${i}`, barcode: null }),
      ).join('\n')}\n`,
    );
    expect((await kete(original, ['ingest', feed])).code).toBe(0);

    const server = await startServerProcess(env(original));
    const backupFile = join(root, 'kete-backup.tar.gz');
    let loading = true;
    // Per writer: [quantity, when acknowledged], in order.
    const acknowledged: [number, number][][] = Array.from({ length: WRITERS }, () => []);
    try {
      const writers = [];
      for (let w = 0; w < WRITERS; w++) {
        const who = await signIn(server, `writer${w}@example.com`);
        const found = await api(server, 'POST', `/api/${who.shortCode}/products/search`, who.token, {
          text: `backup beans ${w}`,
        });
        const productId = found.json.find((p: { name: string }) => p.name === `Backup Beans ${w}`)
          .id as number;
        expect(
          (await api(server, 'POST', `/api/${who.shortCode}/cart`, who.token, { productId, quantity: 1 }))
            .status,
        ).toBe(200);
        writers.push({ ...who, productId });
      }
      // Each writer sets its quantity 2, 3, 4, ... as fast as the server answers.
      const load = writers.map(async (writer, w) => {
        for (let quantity = 2; loading; quantity = quantity >= 999 ? 2 : quantity + 1) {
          const res = await api(server, 'PUT', `/api/${writer.shortCode}/cart`, writer.token, {
            productId: writer.productId,
            quantity,
          });
          if (res.status === 200) acknowledged[w]?.push([quantity, Date.now()]);
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const backupStartedAt = Date.now();
      const backup = await kete(original, ['backup', backupFile]);
      const backupEndedAt = Date.now();
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toMatch(
        /^Backed up the SQLite database.* to .*kete-backup\.tar\.gz: [\d.]+ MB in [\d.]+ s/,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      loading = false;
      await Promise.all(load);
      const duringBackup = acknowledged.flat().filter(([, at]) => at > backupStartedAt && at < backupEndedAt);
      expect(acknowledged.flat().length).toBeGreaterThan(100);
      // The writes went on while the backup ran.
      expect(duringBackup.length).toBeGreaterThan(0);

      // Not while a server has the database open.
      const refused = await kete(original, ['restore', backupFile]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/already holds kete\.sqlite.*restore into an empty data folder/);

      const copy = join(root, 'copy');
      const restored = await kete(copy, ['restore', backupFile]);
      expect(restored.code, restored.err).toBe(0);
      expect(restored.out).toContain(`from ${backupFile} into ${copy}.`);

      const second = await startServerProcess(env(copy));
      try {
        for (const [w, writer] of writers.entries()) {
          const mine = acknowledged[w] ?? [];
          const lastBefore = mine.filter(([, at]) => at <= backupStartedAt).at(-1)?.[0];
          const cart = await api(second, 'GET', `/api/${writer.shortCode}/cart`, writer.token);
          expect(cart.status).toBe(200);
          const quantity = cart.json.find(
            (item: { product: { id: number } }) => item.product.id === writer.productId,
          )?.quantity as number;
          // Quantities only grow (until they wrap at 999, which this short load never reaches).
          expect(
            quantity,
            `writer ${w}, ${duringBackup.length} writes acknowledged during the backup`,
          ).toBeGreaterThanOrEqual(lastBefore ?? 1);
          expect(quantity).toBeLessThanOrEqual(mine.at(-1)?.[0] ?? 1);
        }
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      loading = false;
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('refuses a file that is not a Kete database, and never overwrites a backup', async () => {
    const dataDir = join(root, 'refusals');
    const text = join(root, 'notes.txt');
    writeFileSync(text, 'shopping: milk, bread');
    const other = join(root, 'other-program.sqlite');
    const db = new SqliteDatabase(other);
    db.exec('create table recipes (name text)');
    db.close();
    const notArchive = await kete(dataDir, ['restore', text]);
    expect(notArchive.code).toBe(1);
    expect(notArchive.err).toMatch(
      new RegExp(`^${text.replace(/[.]/g, '\\.')} is not a Kete backup archive`),
    );
    expect(await kete(dataDir, ['restore', other])).toMatchObject({
      code: 1,
      err: `${other} is an SQLite database but not Kete's (it has no kysely_migration, users, workspaces, stores table).\n`,
    });
    expect((await kete(dataDir, ['restore', join(root, 'missing.sqlite')])).err).toMatch(
      /missing\.sqlite does not exist\./,
    );
    // A backup of this folder's database, then another to the same name.
    expect((await kete(dataDir, ['user:list'])).code).toBe(0);
    const file = join(root, 'twice.tar.gz');
    expect((await kete(dataDir, ['backup', file])).code).toBe(0);
    expect(await kete(dataDir, ['backup', file])).toMatchObject({
      code: 1,
      err: `${file} already exists: give a new file name (a backup never overwrites).\n`,
    });
    expect(await kete(dataDir, ['backup'])).toMatchObject({ code: 2 });

    // Never over a server's files, even one that is not running.
    const over = await kete(dataDir, ['restore', file]);
    expect(over.code).toBe(1);
    expect(over.err).toMatch(/already holds kete\.sqlite.*restore into an empty data folder/);
    expect(existsSync(join(dataDir, 'kete.sqlite'))).toBe(true);
    expect((await kete(dataDir, ['user:list'])).code).toBe(0);
    // Nine runs of the CLI, each a process of its own: seconds each on a busy machine.
  }, 60_000);
});

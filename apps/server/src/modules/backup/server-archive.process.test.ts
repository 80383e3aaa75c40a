// A backup restores a whole server (issue 48 item 5), on both databases: `kete backup` of a running
// server, then `kete restore` into a new data folder (and, on PostgreSQL, a new empty database). A
// server started there has the write, the session (its refresh token still works) and the phone's
// push subscription with the same VAPID key. `--verify` checks an archive; restore refuses a
// folder or database that is not empty, and a file that is not a Kete backup.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEntry, type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { codeFrom, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createScratchPostgresDatabase, testDialect } from '../../test/test-database.js';

let root: string;
let smtp: TestSmtpServer;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'kete-archive-test-'));
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});

/** A data folder, and on the PostgreSQL run a new empty database of its own. */
async function place(name: string): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    KETE_DATA_DIR: join(root, name),
    SMTP_URL: smtp.url,
    KETE_DEMO_DATA: '0',
    KETE_WORKERS: '1',
    KETE_PUSH_ALLOW_PRIVATE: '1',
  };
  if (testDialect() === 'postgres') {
    const scratch = await createScratchPostgresDatabase();
    cleanups.push(() => scratch.drop());
    env.DATABASE_URL = scratch.url;
  }
  return env;
}

function kete(env: Record<string, string>, args: string[]) {
  const child = spawn(process.execPath, [cliEntry, ...args], { env });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out, err })),
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

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}

const endpoint = 'http://127.0.0.1:9/push/phone-of-ana';
const subscription = {
  endpoint,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

describe('kete backup and kete restore', () => {
  it('restore a whole server into a new place: its writes, sessions and push subscriptions', async () => {
    const first = await place('first');
    const server = await startServerProcess(first);
    let refreshToken: string;
    let shortCode: string;
    let publicKey: string;
    try {
      const email = 'ana@example.com';
      await api(server, 'POST', '/api/identity/email', undefined, { email });
      const passcode = codeFrom(await smtp.lastTo(email));
      const session = (await api(server, 'POST', '/api/identity/passcode', undefined, { email, passcode }))
        .json;
      refreshToken = session.refresh_token;
      const token = session.access_token as string;
      shortCode = (await api(server, 'POST', '/api/init/start', token)).json.workspace.shortCode;
      const list = await api(server, 'POST', `/api/${shortCode}/lists`, token, { name: 'Before the backup' });
      expect(list.status, JSON.stringify(list.json)).toBe(200);
      const push = await api(server, 'PUT', '/api/me/push', token, {
        subscription,
        topics: { drops: 'instant', shopping: true, addedWhileShopping: false },
      });
      expect(push.status, JSON.stringify(push.json)).toBe(200);
      publicKey = (await api(server, 'GET', '/api/push/key', token)).json.publicKey;

      const archive = join(root, 'kete.tar.gz');
      const backup = await kete(first, ['backup', archive]);
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toMatch(
        new RegExp(
          `^Backed up the ${testDialect() === 'postgres' ? 'PostgreSQL' : 'SQLite'} database, secret, VAPID keys to .*kete\\.tar\\.gz: [\\d.]+ MB`,
        ),
      );
      // It holds the secret: readable by its owner only.
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      const verified = await kete(first, ['backup', '--verify', archive]);
      expect(verified.code, verified.err).toBe(0);
      expect(verified.out).toMatch(/is whole: .* match their checksums, and the database restores/);

      // Not into the place it came from, nor twice into the same place.
      const refused = await kete(first, ['restore', archive]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/restore into an empty (data folder|database)/);
    } finally {
      await stop(server);
    }

    const second = await place('second');
    const restored = await kete(second, ['restore', join(root, 'kete.tar.gz')]);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain(`into ${second.KETE_DATA_DIR}.`);
    expect((await kete(second, ['restore', join(root, 'kete.tar.gz')])).err).toMatch(/restore into an empty/);

    const again = await startServerProcess(second);
    try {
      const refreshed = await api(again, 'POST', '/api/identity/refresh-token', undefined, {
        refresh_token: refreshToken,
      });
      expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
      const token = refreshed.json.access_token as string;
      const init = await api(again, 'POST', '/api/init/start', token);
      expect(init.json.workspace.shortCode).toBe(shortCode);
      expect(JSON.stringify(init.json)).toContain('Before the backup');
      expect((await api(again, 'GET', '/api/push/key', token)).json.publicKey).toBe(publicKey);
      const settings = await api(again, 'POST', '/api/me/push/settings', token, { endpoint });
      expect(settings.json).toEqual({
        topics: { drops: 'instant', shopping: true, addedWhileShopping: false },
      });
    } finally {
      await stop(again);
    }
  }, 120_000);

  it('refuses what is not a Kete backup, and a damaged one', async () => {
    const env = await place('refusals');
    const text = join(root, 'notes.txt');
    writeFileSync(text, 'shopping: milk, bread');
    for (const args of [
      ['restore', text],
      ['backup', '--verify', text],
    ]) {
      const run = await kete(env, args);
      expect(run.code).toBe(1);
      expect(run.err).toContain(`${text} is not a Kete backup archive`);
    }
    // A manifest whose checksum the database file does not match (a bit flipped in storage).
    const parts = join(root, 'damaged-parts');
    mkdirSync(parts);
    writeFileSync(join(parts, 'kete.sqlite'), 'not what was backed up');
    const manifest = {
      format: 'kete-server-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      engine: 'sqlite',
      files: { 'kete.sqlite': { bytes: 22, sha256: '0'.repeat(64) } },
      fromEnvironment: [],
    };
    writeFileSync(join(parts, 'manifest.json'), JSON.stringify(manifest));
    const damaged = join(root, 'damaged.tar.gz');
    await create({ gzip: true, file: damaged, cwd: parts }, ['manifest.json', 'kete.sqlite']);
    const checked = await kete(env, ['backup', '--verify', damaged]);
    expect(checked.code).toBe(1);
    expect(checked.err).toContain(
      `${damaged} is damaged: kete.sqlite does not match its checksum in the manifest.`,
    );
  }, 60_000);
});

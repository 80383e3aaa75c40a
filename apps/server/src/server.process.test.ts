// The server as an operator runs it: a real process, its real database file, real signals.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, startServerProcess } from './test/server-process.js';
import { codeFrom, startTestSmtpServer, type TestSmtpServer } from './test/smtp-server.js';
import { createScratchPostgresDatabase, testDialect } from './test/test-database.js';

let smtp: TestSmtpServer;
let dataDir: string;
let databaseUrl = '';
let dropDatabase = async () => {};
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dataDir = mkdtempSync(join(tmpdir(), 'kete-process-'));
  // On the PostgreSQL run the process gets a whole database of its own, as a deployment would.
  if (testDialect() === 'postgres')
    ({ url: databaseUrl, drop: dropDatabase } = await createScratchPostgresDatabase());
});
afterAll(async () => {
  await smtp.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  KETE_DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  KETE_DEMO_DATA: '0',
  DATABASE_URL: databaseUrl,
});

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered.
  body: any;
}

async function post(url: string, body: unknown, token?: string): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('the server process', () => {
  it('refuses to start on a bad setting, naming the variable', async () => {
    const run = runServer({ ...env(), PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT');
    expect(run.output()).not.toMatch(/at .*\.js:\d+/);

    const badUrl = runServer({ ...env(), DATABASE_URL: 'mysql://nope' });
    expect(await badUrl.exited).toBe(1);
    expect(badUrl.output()).toContain('DATABASE_URL');
  });

  it('keeps a signed-in user and their workspace across kill -9 and a restart', async () => {
    const first = await startServerProcess(env());
    const email = 'durable@example.com';
    expect((await post(`${first.url}/api/identity/email`, { email })).status).toBe(200);
    const code = codeFrom(await smtp.lastTo(email));
    const session = (await post(`${first.url}/api/identity/passcode`, { email, passcode: code })).body;
    const before = (await post(`${first.url}/api/init/start`, {}, session.access_token)).body;
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await startServerProcess(env());
    // The same generated secret was kept in the data folder, so the old token is still good.
    const after = await post(`${second.url}/api/init/start`, {}, session.access_token);
    expect(after.status).toBe(200);
    expect(after.body.workspace.shortCode).toBe(before.workspace.shortCode);
    expect(after.body.member.email).toBe(email);
    const refreshed = await post(`${second.url}/api/identity/refresh-token`, {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('closes cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startServerProcess(env());
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      server.child.kill(signal);
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain('Error');
    }
  });
});

// buildTestApp: the real app over a real, fresh database and a real SMTP server, with a clock
// the test can move. Use with `const t = await buildTestApp(); afterAll(t.close)`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Session } from '@kete/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import type { AppContext } from '../app-context.js';
import { type Config, loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { TestClock } from '../lib/clock.js';
import { createSmtpMailer } from '../lib/mailer.js';
import { codeFrom, startTestSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: TestClock;
  smtp: TestSmtpServer;
  /** Requests a code, reads it from the mail, and signs in. */
  signIn(email: string): Promise<SignedIn>;
  close(): Promise<void>;
}

export interface SignedIn {
  email: string;
  session: Session;
  headers: { authorization: string };
  /** app.inject with this user's bearer token. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kete-data-'));
  const smtp = await startTestSmtpServer();
  const config: Config = loadConfig({
    KETE_DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    KETE_DEMO_DATA: '0',
    KETE_SIGNIN_RATE_LIMIT: '1000',
    ...env,
  });
  const database = await createTestDatabase();
  const clock = new TestClock();
  const ctx = await createContext(config, {
    database,
    clock,
    mailer: createSmtpMailer(smtp.url, config.mailFrom),
  });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();

  const signIn = async (email: string): Promise<SignedIn> => {
    const sent = await app.inject({ method: 'POST', url: '/api/identity/email', payload: { email } });
    if (sent.statusCode !== 200) throw new Error(`requesting a code failed: ${sent.body}`);
    const code = codeFrom(await smtp.lastTo(email));
    const res = await app.inject({
      method: 'POST',
      url: '/api/identity/passcode',
      payload: { email, passcode: code },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    const session = res.json<Session>();
    const headers = { authorization: `Bearer ${session.access_token}` };
    return {
      email,
      session,
      headers,
      request: (options) => app.inject({ ...options, headers: { ...headers, ...options.headers } }),
    };
  };

  return {
    app,
    ctx,
    clock,
    smtp,
    signIn,
    async close() {
      await app.close();
      ctx.mailer.close();
      await smtp.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

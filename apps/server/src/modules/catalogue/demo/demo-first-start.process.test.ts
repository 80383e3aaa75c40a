// A newcomer's first start, as `npm start` runs it: the built server, several server processes
// (KETE_WORKERS=2), an empty data folder or database, the demo catalogue on. Stores chosen by two
// households at the same moment, on whichever process their requests reach, are written once, and
// every answer after the choice has their prices, whichever process gives it.

import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.js';
import { codeFrom, startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { createScratchPostgresDatabase, testDialect } from '../../../test/test-database.js';

let smtp: TestSmtpServer;
let dataDir: string;
let dropDatabase = async () => {};
let server: ServerProcess;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dataDir = mkdtempSync(join(tmpdir(), 'kete-first-start-'));
  let databaseUrl = '';
  if (testDialect() === 'postgres')
    ({ url: databaseUrl, drop: dropDatabase } = await createScratchPostgresDatabase());
  server = await startServerProcess({
    KETE_DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    KETE_DEMO_DATA: '1',
    DATABASE_URL: databaseUrl,
    KETE_WORKERS: '2',
    KETE_SIGNIN_RATE_LIMIT: '1000',
  });
});
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await smtp.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One request on a connection of its own, so requests spread over the server processes. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered.
function send(path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = httpRequest(
      `${server.url}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function household(email: string) {
  expect((await send('/api/identity/email', undefined, { email })).status).toBe(200);
  const code = codeFrom(await smtp.lastTo(email));
  const session = (await send('/api/identity/passcode', undefined, { email, passcode: code })).body;
  const init = (await send('/api/init/start', session.access_token)).body;
  return { token: session.access_token as string, shortCode: init.workspace.shortCode as string, init };
}

describe('the first start with the demo catalogue', () => {
  it('serves at once, and writes each chosen store once, priced in every process from the answer on', async () => {
    expect(server.output()).toMatch(/Demo catalogue ready: 3000 products/);
    const [a, b] = await Promise.all([household('first@example.com'), household('second@example.com')]);
    if (!a || !b) throw new Error('no households');
    expect(a.init.demoCatalogue).toBe(true);
    const all: { id: number; type: number }[] = a.init.stores.all;
    const chosen = [1, 3].map((type) => (all.find((s) => s.type === type) as { id: number }).id);
    // Both households choose both stores at the same moment.
    const choices = await Promise.all(
      [a, b].flatMap((h) => chosen.map((id) => send(`/api/${h.shortCode}/stores/${id}`, h.token))),
    );
    expect(choices.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    for (const choice of choices) expect(choice.body.count).toBeGreaterThan(100);
    // The same store's specials for both: one load, whoever wrote it.
    expect(choices[2]?.body.count).toBe(choices[0]?.body.count);
    expect(choices[3]?.body.count).toBe(choices[1]?.body.count);
    for (const h of [a, b]) {
      // Several searches, on new connections: both processes answer some of them.
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          send(`/api/${h.shortCode}/products/search`, h.token, { text: 'milk' }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        const pricedAt = new Set(
          answer.body.flatMap((p: { prices: { storeId: number }[] }) => p.prices.map((x) => x.storeId)),
        );
        expect([...pricedAt].sort()).toEqual([...chosen].sort());
      }
    }
  });
});

// A day of Kete in its log (issue 48 item 3): one access line per request with method, route
// pattern, status, ms and worker; the sign-in steps, a feed import and a refresh run as lines of
// their own; X-Request-Id echoed; and never an e-mail address or a token anywhere in the log.
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { pushesSettled } from '../modules/household/push/push.service.js';
import { ingestLines } from '../modules/ingest/ingest.service.js';
import { refreshOnce } from '../modules/refresh/refresh.service.js';
import { chainOf } from '../modules/refresh/refresh-plan.js';
import { shareWith, signInShopper } from '../modules/shopping/test/household.js';
import { TestPushService } from '../test/push-service.js';
import { codeFrom } from '../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

type Line = Record<string, unknown>;
let t: TestApp;
let app: FastifyInstance;
const lines: Line[] = [];
const raw: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  app = await buildApp(
    { ...t.ctx, config: { ...t.ctx.config, logLevel: 'info' } },
    {
      logStream: new Writable({
        write: (chunk, _enc, done) => {
          raw.push(chunk.toString());
          done(void lines.push(JSON.parse(chunk.toString())));
        },
      }),
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const email = 'ana.day@example.com';

describe('a day in the log', () => {
  it('has an access line per request, the sign-in steps, an import and a refresh, and no address or token', async () => {
    let requests = 0;
    const ask = async (options: InjectOptions) => {
      requests += 1;
      return app.inject(options);
    };
    expect((await ask({ method: 'POST', url: '/api/identity/email', payload: { email } })).statusCode).toBe(
      200,
    );
    const code = codeFrom(await t.smtp.lastTo(email));
    const wrong = await ask({
      method: 'POST',
      url: '/api/identity/passcode',
      payload: { email, passcode: 'AAA-AAA' },
    });
    expect(wrong.statusCode).toBe(400);
    const signedIn = await ask({
      method: 'POST',
      url: '/api/identity/passcode',
      payload: { email, passcode: code },
    });
    expect(signedIn.statusCode).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = signedIn.json();
    const headers = { authorization: `Bearer ${accessToken}` };
    const start = await ask({ method: 'POST', url: '/api/init/start', headers });
    const shortCode = start.json().workspace.shortCode as string;
    const store = await t.ctx.db
      .selectFrom('stores')
      .select(['id', 'chain', 'source_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await ask({ method: 'POST', url: `/api/${shortCode}/stores/${store.id}`, headers })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      const search = await ask({
        method: 'POST',
        url: `/api/${shortCode}/products/search`,
        payload: { text: `milk ${i}` },
        headers,
      });
      expect(search.statusCode).toBe(200);
    }
    expect(
      (await ask({ method: 'POST', url: `/api/${shortCode}/cart/plan`, headers, payload: {} })).statusCode,
    ).toBe(200);
    expect((await ask({ method: 'GET', url: '/api/no-such-thing', headers })).statusCode).toBe(404);
    expect(
      (
        await ask({
          method: 'POST',
          url: '/api/identity/refresh-token',
          payload: { refresh_token: refreshToken },
        })
      ).statusCode,
    ).toBe(200);

    // The operator's side of the day: a feed import and a refresh run (its shop unreachable).
    await ingestLines(t.ctx, [
      JSON.stringify({
        chain: chainOf[store.chain],
        store: store.source_id,
        productKey: 'DAY-1',
        name: 'Day Loaf',
        price: 350,
        observedAt: t.clock.now(),
      }),
    ]);
    await refreshOnce(t.ctx, {
      intervalMs: 0,
      retries: 0,
      backoffMs: 1,
      baseUrl: 'http://127.0.0.1:9',
      log: () => {},
    });

    const access = lines.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(requests);
    for (const line of access) {
      expect(line).toMatchObject({
        level: 30,
        method: expect.any(String),
        route: expect.any(String),
        status: expect.any(Number),
        ms: expect.any(Number),
        worker: 0,
        reqId: expect.any(String),
      });
    }
    const routes = access.map((l) => `${l.method} ${l.route} ${l.status}`);
    expect(routes).toContain('POST /api/identity/passcode 400');
    expect(routes).toContain('POST /api/:shortCode/products/search 200');
    expect(routes.filter((r) => r === 'POST /api/:shortCode/products/search 200')).toHaveLength(10);
    expect(routes).toContain('GET unmatched 404');

    const outcomes = (event: string) => lines.filter((l) => l.event === event).map((l) => l.outcome);
    expect(outcomes('sign-in')).toEqual(['requested', 'failed', 'succeeded']);
    expect(lines.find((l) => l.event === 'sign-in' && l.outcome === 'failed')).toMatchObject({ level: 40 });
    expect(outcomes('import')).toEqual(['ok']);
    expect(lines.find((l) => l.event === 'import')).toMatchObject({ kind: 'feed', lines: 1, pricesAdded: 1 });
    expect(outcomes('refresh')).toEqual(['started', 'ok']);

    const everything = raw.join('');
    expect(everything).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}/);
    expect(everything).not.toContain(accessToken);
    expect(everything).not.toContain(refreshToken);
    expect(everything).not.toContain(code);
    expect(everything).not.toContain('milk');
  });

  it('logs each push with its outcome and the push service host, never the endpoint', async () => {
    process.env.KETE_PUSH_ALLOW_PRIVATE = '1';
    const service = new TestPushService();
    await service.start();
    try {
      const aroha = await signInShopper(t, 'aroha.push@example.com');
      const ben = await signInShopper(t, 'ben.push@example.com');
      await shareWith(aroha, ben);
      const store = await t.ctx.db.selectFrom('stores').select('id').orderBy('id').executeTakeFirstOrThrow();
      expect((await aroha.api('POST', `/stores/${store.id}`)).statusCode).toBe(200);
      const phone = service.subscribe();
      const topics = { drops: 'instant', shopping: true, addedWhileShopping: true };
      const subscribed = await ben.request({
        method: 'PUT',
        url: '/api/me/push',
        payload: { subscription: phone, topics },
      });
      expect(subscribed.statusCode).toBe(200);
      expect((await aroha.api('POST', '/trip', { storeId: store.id })).statusCode).toBe(200);
      await pushesSettled(t.ctx);
      service.gone(phone);
      await aroha.api('DELETE', '/trip');
      expect((await aroha.api('POST', '/trip', { storeId: store.id })).statusCode).toBe(200);
      await pushesSettled(t.ctx);

      const host = new URL(phone.endpoint).host;
      const pushes = lines.filter((l) => l.event === 'push');
      expect(pushes.map((l) => [l.outcome, l.host, l.status])).toEqual([
        ['sent', host, 201],
        ['gone', host, 410],
      ]);
      const path = new URL(phone.endpoint).pathname;
      expect(raw.join('')).not.toContain(path);
    } finally {
      await service.close();
      delete process.env.KETE_PUSH_ALLOW_PRIVATE;
    }
  });

  it('echoes a plain X-Request-Id, and gives every request one otherwise', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a');
    expect(lines.at(-1)).toMatchObject({ reqId: 'lb-7f3a', route: '/api/health', status: 200 });
    const forged = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b\n{"x":1}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

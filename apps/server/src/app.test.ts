// Cross-cutting behaviour every route shares: error shapes, limits, headers, health.
import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, REQUESTS_PER_CONNECTION } from './app.js';
import { buildTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the API', () => {
  it('answers health once migrations are done', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404, signed in or not', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
    const user = await t.signIn('lost@example.com');
    expect((await user.request({ method: 'DELETE', url: '/api/nothing/here' })).statusCode).toBe(404);
  });

  it('refuses a body over the size limit in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/email',
      payload: { email: `${'a'.repeat(100_000)}@example.com` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
  });

  it('refuses malformed JSON in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Every answer carries them, refusals too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts a well-formed X-Timezone-Offset and refuses a malformed one', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-timezone-offset': '-780' },
    });
    expect(ok.statusCode).toBe(200);
    for (const bad of ['abc', '12.5', '99999', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-timezone-offset': bad },
      });
      expect(res.statusCode, `offset "${bad}"`).toBe(400);
      expect(res.json().message).toContain('X-Timezone-Offset');
    }
  });
});

describe('a crash inside a handler', () => {
  it('answers 500 Unexpected error with no stack, and logs it with the request id', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('./app.js');
    const { Writable } = await import('node:stream');
    const app = await buildApp(
      { ...t.ctx, config: { ...t.ctx.config, logLevel: 'error' } },
      { logStream: new Writable({ write: (chunk, _enc, done) => done(void lines.push(chunk.toString())) }) },
    );
    app.get('/api/test-crash', { config: { public: true } }, async () => {
      throw new Error('database exploded at /secret/path.ts:12');
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/test-crash',
      headers: { 'x-request-id': 'req-42' },
    });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Unexpected error' });
    expect(res.body).not.toContain('exploded');
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.err);
    expect(logged).toMatchObject({ reqId: 'req-42', err: { message: expect.stringContaining('exploded') } });
  });
});

describe('kept-alive connections', () => {
  it('are closed after REQUESTS_PER_CONNECTION requests, so connections spread over the workers', async () => {
    const app = await buildApp(t.ctx, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const closes: number[] = [];
    try {
      for (let i = 1; i <= REQUESTS_PER_CONNECTION + 1; i++) {
        const connection = await new Promise<string | undefined>((resolve, reject) => {
          const request = get({ port, host: '127.0.0.1', path: '/api/health', agent }, (res) => {
            sockets.add(res.socket);
            res.resume();
            res.on('end', () => resolve(res.headers.connection));
          });
          request.on('error', reject);
        });
        if (connection === 'close') closes.push(i);
      }
    } finally {
      agent.destroy();
      await app.close();
    }
    // The 100th answer says so, and the 101st request came on a new connection.
    expect(closes).toEqual([REQUESTS_PER_CONNECTION]);
    expect(sockets.size).toBe(2);
  });
});

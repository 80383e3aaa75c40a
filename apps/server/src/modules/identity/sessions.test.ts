// Sessions end 90 days after sign-in however often they are refreshed, and signing out ends the
// whole token family, copies of earlier tokens included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DAY } from '../../lib/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { REFRESH_TOKEN_TTL_MS, SESSION_MAX_AGE_MS } from './identity.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const refresh = (refresh_token: string) =>
  t.app.inject({ method: 'POST', url: '/api/identity/refresh-token', payload: { refresh_token } });

describe('session lifetime', () => {
  it(`ends ${SESSION_MAX_AGE_MS / DAY} days after sign-in even when refreshed within every ${REFRESH_TOKEN_TTL_MS / DAY} days`, async () => {
    const user = await t.signIn('daily@example.com');
    let token = user.session.refresh_token;
    let days = 0;
    while (days + 29 < SESSION_MAX_AGE_MS / DAY) {
      t.clock.advance(29 * DAY);
      days += 29;
      const res = await refresh(token);
      expect(res.statusCode, `day ${days}`).toBe(200);
      token = res.json().refresh_token;
    }
    t.clock.advance(SESSION_MAX_AGE_MS - days * DAY);
    const ended = await refresh(token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: expect.any(String) });
  });

  it('gives a token no expiry past the end of its session', async () => {
    const user = await t.signIn('capped@example.com');
    let token = user.session.refresh_token;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(29 * DAY);
      token = (await refresh(token)).json().refresh_token;
    }
    const rows = await t.ctx.db
      .selectFrom('refresh_tokens as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.expires_at', 'r.session_started_at'])
      .where('u.email', '=', user.email)
      .orderBy('r.id', 'desc')
      .execute();
    const [last] = rows;
    expect(rows).toHaveLength(4);
    expect(last?.expires_at).toBe(Number(last?.session_started_at) + SESSION_MAX_AGE_MS);
  });
});

describe('signing out', () => {
  it('revokes the whole family: a copy of an earlier token cannot keep the session', async () => {
    const user = await t.signIn('leaving@example.com');
    const next = (await refresh(user.session.refresh_token)).json();
    // Signing out with the earlier token (another tab still held it) ends the newer one too.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      payload: { refresh_token: user.session.refresh_token },
    });
    expect(res.statusCode).toBe(204);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });
});

describe('a new KETE_SECRET', () => {
  it('ends every session: a refresh token issued under the old secret no longer refreshes', async () => {
    const user = await t.signIn('rotated@example.com');
    const kept = (await refresh(user.session.refresh_token)).json();
    expect(kept.refresh_token).toEqual(expect.any(String));

    // The same database served by a server started with another secret.
    const rotated = await buildApp(
      { ...t.ctx, secret: 'another-secret-of-at-least-32-characters!' },
      { logger: false },
    );
    try {
      const res = await rotated.inject({
        method: 'POST',
        url: '/api/identity/refresh-token',
        payload: { refresh_token: kept.refresh_token },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Your session has expired. Please sign in again.' });
    } finally {
      await rotated.close();
    }
    // Under the secret it was issued with, the token still works.
    expect((await refresh(kept.refresh_token)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom } from '../../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { MAX_CODES_PER_HOUR, messages } from './identity.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const requestCode = (email: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/identity/email', payload: { email } });
const sendPasscode = (email: string, passcode: string) =>
  t.app.inject({ method: 'POST', url: '/api/identity/passcode', payload: { email, passcode } });
const refresh = (refresh_token: string) =>
  t.app.inject({ method: 'POST', url: '/api/identity/refresh-token', payload: { refresh_token } });

async function codeFor(email: string) {
  const res = await requestCode(email);
  expect(res.statusCode).toBe(200);
  return codeFrom(await t.smtp.lastTo(email));
}

describe('requesting a sign-in code', () => {
  it('e-mails a 6-character code without look-alikes, grouped 3-3', async () => {
    const res = await requestCode('Shopper.One@Example.com');
    expect(res.statusCode).toBe(200);
    const mail = await t.smtp.lastTo('shopper.one@example.com');
    expect(mail.subject).toBe('Your Kete sign-in code');
    expect(codeFrom(mail)).toMatch(/^[A-HJKMNP-Z2-9]{3}-[A-HJKMNP-Z2-9]{3}$/);
  });

  it('answers a known and an unknown address the same way', async () => {
    await t.signIn('known@example.com');
    const known = await requestCode('known@example.com');
    const unknown = await requestCode('never-seen@example.com');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('refuses an invalid address with a message on the email field', async () => {
    for (const email of ['not-an-address', '', 42, 'a@b']) {
      const res = await requestCode(email);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toEqual(expect.any(String));
      expect(body.errors.email.message).toEqual(expect.any(String));
    }
  });

  it(`refuses more than ${MAX_CODES_PER_HOUR} codes an hour for one address`, async () => {
    const email = 'eager@example.com';
    for (let i = 0; i < MAX_CODES_PER_HOUR; i++) expect((await requestCode(email)).statusCode).toBe(200);
    const res = await requestCode(email);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(messages.tooManyCodes);
    t.clock.advance(61 * 60_000);
    expect((await requestCode(email)).statusCode).toBe(200);
  });

  it('limits requests from one client address', async () => {
    const limited = await buildTestApp({ KETE_SIGNIN_RATE_LIMIT: '20' });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/identity/email',
        remoteAddress: '203.0.113.9',
        // A made-up forwarding header per request must not make each look like a new client.
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: `flood${i}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    await limited.close();
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('signing in with the code', () => {
  it('accepts the code in any case, with spaces or without the dash, and creates the user', async () => {
    const email = 'new.person@example.com';
    const code = await codeFor(email);
    const res = await sendPasscode(email, ` ${code.toLowerCase().replace('-', ' ')} `);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });

    const init = await t.app.inject({
      method: 'POST',
      url: '/api/init/start',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(init.statusCode).toBe(200);
    expect(init.json().member).toMatchObject({
      displayName: 'New Person',
      email,
      features: ['AccessList', 'Statistics'],
    });
    expect(init.json().accessLevel).toBe(0);
    expect(init.json().workspace.shortCode).toMatch(/^[a-z0-9]{8,}$/);
  });

  it('refuses a wrong code, and a used code', async () => {
    const email = 'wrong@example.com';
    const code = await codeFor(email);
    const wrong = await sendPasscode(email, code === 'AAA-AAA' ? 'BBB-BBB' : 'AAA-AAA');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: messages.wrongCode });
    expect((await sendPasscode(email, code)).statusCode).toBe(200);
    expect((await sendPasscode(email, code)).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const email = 'slow@example.com';
    const code = await codeFor(email);
    t.clock.advance(10 * 60_000 + 1);
    const res = await sendPasscode(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.expiredCode });
  });

  it('kills the code after 5 wrong tries, even if the right one follows', async () => {
    const email = 'guesser@example.com';
    const code = await codeFor(email);
    const wrongCode = code === 'AAA-AAA' ? 'BBB-BBB' : 'AAA-AAA';
    for (let i = 0; i < 4; i++)
      expect((await sendPasscode(email, wrongCode)).json()).toEqual({ message: messages.wrongCode });
    expect((await sendPasscode(email, wrongCode)).json()).toEqual({ message: messages.deadCode });
    expect((await sendPasscode(email, code)).statusCode).toBe(400);
    const fresh = await codeFor(email);
    expect((await sendPasscode(email, fresh)).statusCode).toBe(200);
  });

  it('gives parallel guesses no more than 5 tries between them', async () => {
    const email = 'racer@example.com';
    const code = await codeFor(email);
    const wrongCode = code === 'AAA-AAA' ? 'BBB-BBB' : 'AAA-AAA';
    const answers = await Promise.all(Array.from({ length: 12 }, () => sendPasscode(email, wrongCode)));
    expect(answers.every((res) => res.statusCode === 400)).toBe(true);
    const row = await t.ctx.db
      .selectFrom('sign_in_codes')
      .select(['attempts', 'active'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 5, active: 0 });
    expect((await sendPasscode(email, code)).statusCode).toBe(400);
  });

  it('a new code replaces the older one', async () => {
    const email = 'twice@example.com';
    const first = await codeFor(email);
    const second = await codeFor(email);
    if (first !== second) expect((await sendPasscode(email, first)).statusCode).toBe(400);
    expect((await sendPasscode(email, second)).statusCode).toBe(200);
  });

  it('signing in again keeps the same account and workspace', async () => {
    const a = await t.signIn('returning@example.com');
    const b = await t.signIn('returning@example.com');
    const start = async (s: typeof a) => (await s.request({ method: 'POST', url: '/api/init/start' })).json();
    expect((await start(a)).workspace.shortCode).toBe((await start(b)).workspace.shortCode);
  });
});

describe('refresh tokens', () => {
  it('rotate: a new pair works and the old refresh token stops working', async () => {
    const user = await t.signIn('rotate@example.com');
    const res = await refresh(user.session.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refresh_token).not.toBe(user.session.refresh_token);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/init/start',
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(init.statusCode).toBe(200);
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  it('reuse of a rotated token revokes the whole chain', async () => {
    const user = await t.signIn('stolen@example.com');
    const next = (await refresh(user.session.refresh_token)).json();
    const reuse = await refresh(user.session.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toEqual(expect.any(String));
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it('expire after 30 days', async () => {
    const user = await t.signIn('dormant@example.com');
    t.clock.advance(30 * 24 * 60 * 60_000 + 1);
    expect((await refresh(user.session.refresh_token)).statusCode).toBe(401);
  });

  it('an unknown token is 401', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const user = await t.signIn('leaving@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      payload: { refresh_token: user.session.refresh_token },
    });
    expect(res.statusCode).toBe(204);
    expect((await refresh(user.session.refresh_token)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('are required by every other route: missing, bad and expired give 401', async () => {
    const user = await t.signIn('token@example.com');
    const start = (authorization?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/init/start',
        headers: authorization ? { authorization } : {},
      });
    expect((await start()).statusCode).toBe(401);
    expect((await start('Bearer nonsense')).statusCode).toBe(401);
    expect((await start(`Bearer ${user.session.access_token}x`)).statusCode).toBe(401);
    expect((await start(user.headers.authorization)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    const expired = await start(user.headers.authorization);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: expect.any(String) });
  });
});

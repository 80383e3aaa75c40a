// Rate limits on writes and on grant e-mails, counted in the database: two app instances over one
// database (as two server processes would be) share the counts.
import {
  GRANT_MAIL_COOLDOWN_HOURS,
  GRANTS_PER_OWNER_PER_DAY,
  GRANTS_PER_OWNER_PER_HOUR,
  WRITES_PER_USER_PER_MINUTE,
} from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { HOUR, MINUTE } from '../../lib/clock.js';
import { writeLimitMessage } from '../../plugins/write-rate-limit.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { GRANT_MAILS_PER_RECIPIENT_PER_DAY, grantLimitMessages } from './grant-limits.js';

let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  // Another "process": its own Fastify instance and memory, the same database.
  second = await buildApp(t.ctx, { logger: false });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.to === email);
/** Waits until a note to a fresh address arrives, so every earlier note has arrived too. */
async function settleMail(owner: Shopper) {
  const sentinel = `sentinel-${Math.random().toString(36).slice(2)}@example.com`;
  expect((await owner.api('POST', '/access', { email: sentinel })).statusCode).toBe(200);
  await t.smtp.lastTo(sentinel);
}

describe('writes per user', () => {
  it(`allows ${WRITES_PER_USER_PER_MINUTE} a minute across processes, then 429 with Retry-After`, async () => {
    const user = await signInShopper(t, 'busy@example.com');
    const write = (app: FastifyInstance) =>
      app.inject({
        method: 'DELETE',
        url: `/api/${user.shortCode}/cart/999999`,
        headers: user.headers,
      });
    for (let i = 0; i < WRITES_PER_USER_PER_MINUTE; i++) {
      const res = await write(i % 2 ? second : t.app);
      expect(res.statusCode, `write ${i + 1}`).toBe(204);
    }
    for (const app of [t.app, second]) {
      const refused = await write(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: writeLimitMessage });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Reads are not counted (searching is a POST that only reads), and another user is not affected.
    expect((await user.api('GET', '/cart')).statusCode).toBe(200);
    expect((await user.api('POST', '/products/search', { text: 'milk' })).statusCode).toBe(200);
    const other = await signInShopper(t, 'calm@example.com');
    expect((await other.api('DELETE', '/cart/999999')).statusCode).toBe(204);
    t.clock.advance(MINUTE);
    expect((await write(t.app)).statusCode).toBe(204);
  });
});

describe('granting access', () => {
  it(`allows ${GRANTS_PER_OWNER_PER_HOUR} grants an hour and ${GRANTS_PER_OWNER_PER_DAY} a day per Owner`, async () => {
    // Signed in again each hour: access tokens last 15 minutes.
    let owner = await signInShopper(t, 'sharer@example.com');
    const grant = (n: number) => owner.api('POST', '/access', { email: `friend${n}@example.com` });
    let n = 0;
    for (let hour = 0; hour * GRANTS_PER_OWNER_PER_HOUR < GRANTS_PER_OWNER_PER_DAY; hour++) {
      owner = await signInShopper(t, 'sharer@example.com');
      for (let i = 0; i < GRANTS_PER_OWNER_PER_HOUR; i++) expect((await grant(n++)).statusCode).toBe(200);
      const refused = await grant(n++);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: grantLimitMessages.hour });
      t.clock.advance(HOUR);
    }
    owner = await signInShopper(t, 'sharer@example.com');
    expect((await grant(n++)).json()).toEqual({ message: grantLimitMessages.day });
  });

  it('revoking and granting again does not e-mail the address again within the cooldown', async () => {
    t.clock.advance(24 * HOUR);
    const owner = await signInShopper(t, 'cooldown@example.com');
    const email = 'often@example.com';
    for (let i = 0; i < 3; i++) {
      expect((await owner.api('POST', '/access', { email })).statusCode).toBe(200);
      expect((await owner.api('DELETE', `/access/${email}`)).statusCode).toBe(204);
    }
    await settleMail(owner);
    expect(mailsTo(email)).toHaveLength(1);
    t.clock.advance(GRANT_MAIL_COOLDOWN_HOURS * HOUR);
    const later = await signInShopper(t, 'cooldown@example.com');
    expect((await later.api('POST', '/access', { email })).statusCode).toBe(200);
    await settleMail(later);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it(`e-mails one address at most ${GRANT_MAILS_PER_RECIPIENT_PER_DAY} grant notes a day from all workspaces`, async () => {
    t.clock.advance(24 * HOUR);
    const email = 'popular@example.com';
    const owners: Shopper[] = [];
    for (let i = 0; i < GRANT_MAILS_PER_RECIPIENT_PER_DAY + 2; i++) {
      const owner = await signInShopper(t, `owner${i}@example.com`);
      owners.push(owner);
      expect((await owner.api('POST', '/access', { email })).statusCode).toBe(200);
    }
    await settleMail(owners[0] as Shopper);
    expect(mailsTo(email)).toHaveLength(GRANT_MAILS_PER_RECIPIENT_PER_DAY);
  });

  it('carries no link or typed text but the cleaned workspace name and who shared it', async () => {
    const owner = await signInShopper(t, 'spammer.visit.evil.example@example.com');
    const name = 'Claim your prize at https://evil.example/win now';
    expect((await owner.api('PUT', '', { sharedName: name })).statusCode).toBe(200);
    expect((await owner.api('POST', '/access', { email: 'target@example.com' })).statusCode).toBe(200);
    const mail = await t.smtp.lastTo('target@example.com');
    // Who shared it (issue 37) is their display name, made from their address: words, no address.
    expect(mail.subject).toBe('Spammer Visit Evil Example shared a shopping list with you on Kete');
    expect(mail.text).toContain('"Claim your prize at now"');
    expect(mail.text).not.toMatch(/evil\.|@|win/i);
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toEqual([`${t.ctx.config.publicUrl}/login`]);
  });
});

describe('per client address (sign-in, refresh, access requests)', () => {
  let limited: TestApp;
  let other: FastifyInstance;
  const LIMIT = 20;
  beforeAll(async () => {
    limited = await buildTestApp({ KETE_SIGNIN_RATE_LIMIT: String(LIMIT) });
    other = await buildApp(limited.ctx, { logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await limited.close();
  });

  const routes = [
    {
      name: 'sign-in codes',
      url: '/api/identity/email',
      max: LIMIT,
      body: (i: number) => ({ email: `c${i}@example.com` }),
    },
    {
      name: 'refresh',
      url: '/api/identity/refresh-token',
      max: LIMIT * 3,
      body: (i: number) => ({ refresh_token: `nope${i}` }),
    },
    {
      name: 'access requests',
      url: '/api/access',
      max: LIMIT,
      body: (i: number) => ({ email: `a${i}@example.com` }),
    },
  ];

  it.each(routes)(
    '$name: the limit holds across two processes over one database',
    async ({ url, max, body }) => {
      const send = (app: FastifyInstance, i: number, remoteAddress = '203.0.113.50') =>
        app.inject({ method: 'POST', url, remoteAddress, payload: body(i) });
      const statuses: number[] = [];
      // Both "processes" take turns, as a load balancer would spread one client's requests.
      for (let i = 0; i < max * 2; i++)
        statuses.push((await send(i % 2 ? other : limited.app, i)).statusCode);
      expect(statuses.filter((s) => s !== 429)).toHaveLength(max);
      expect(statuses.slice(max).every((s) => s === 429)).toBe(true);
      const refused = await send(other, 0);
      expect(refused.json()).toEqual({ message: 'Too many requests. Please wait a minute and try again.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not held back, and the limit lifts after a minute.
      expect((await send(limited.app, 0, '203.0.113.51')).statusCode).not.toBe(429);
      limited.clock.advance(MINUTE);
      expect((await send(limited.app, 0)).statusCode).not.toBe(429);
    },
  );
});

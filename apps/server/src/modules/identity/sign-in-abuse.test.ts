// A stranger cannot stop a person signing in: codes and wrong tries are counted per address and
// client, with larger caps for the address as a whole; the 5-codes-an-hour rule holds under
// parallel requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom } from '../../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { clientKey } from './client-key.js';
import {
  MAX_CODES_PER_ADDRESS_PER_HOUR,
  MAX_CODES_PER_HOUR,
  MAX_FOREIGN_TRIES_PER_ADDRESS,
  MAX_FOREIGN_TRIES_PER_CLIENT,
  messages,
} from './identity.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const VICTIM_IP = '198.51.100.7';
const requestCode = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/identity/email', remoteAddress: ip, payload: { email } });
const sendPasscode = (email: string, passcode: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/passcode',
    remoteAddress: ip,
    payload: { email, passcode },
  });
const wrongFor = (code: string) => (code === 'AAA-AAA' ? 'BBB-BBB' : 'AAA-AAA');
const attacker = (n: number) => `203.0.113.${n}`;

describe('codes per address and client', () => {
  it('a stranger using up their codes for an address does not stop its owner getting one', async () => {
    const email = 'victim1@example.com';
    for (let i = 0; i < MAX_CODES_PER_HOUR; i++)
      expect((await requestCode(email, attacker(1))).statusCode).toBe(200);
    const refused = await requestCode(email, attacker(1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: messages.tooManyCodes });
    expect((await requestCode(email, VICTIM_IP)).statusCode).toBe(200);
    const code = codeFrom(await t.smtp.lastTo(email));
    // The stranger's later codes do not replace the victim's.
    expect((await sendPasscode(email, code, VICTIM_IP)).statusCode).toBe(200);
  });

  it(`caps the address at ${MAX_CODES_PER_ADDRESS_PER_HOUR} codes an hour from all clients`, async () => {
    const email = 'victim2@example.com';
    let sent = 0;
    for (let client = 1; sent < MAX_CODES_PER_ADDRESS_PER_HOUR; client++) {
      for (let i = 0; i < MAX_CODES_PER_HOUR && sent < MAX_CODES_PER_ADDRESS_PER_HOUR; i++, sent++) {
        expect((await requestCode(email, attacker(client))).statusCode).toBe(200);
      }
    }
    expect((await requestCode(email, attacker(99))).statusCode).toBe(429);
    expect((await requestCode(email, VICTIM_IP)).statusCode).toBe(429);
    t.clock.advance(61 * 60_000);
    expect((await requestCode(email, VICTIM_IP)).statusCode).toBe(200);
  });

  it('a client that signed in to the address before still gets its codes when strangers used up the cap', async () => {
    const email = 'regular@example.com';
    expect((await requestCode(email, VICTIM_IP)).statusCode).toBe(200);
    const first = codeFrom(await t.smtp.lastTo(email));
    expect((await sendPasscode(email, first, VICTIM_IP)).statusCode).toBe(200);
    // The person's own code counts towards the address's cap too.
    for (let client = 1, sent = 1; sent < MAX_CODES_PER_ADDRESS_PER_HOUR; client++) {
      for (let i = 0; i < MAX_CODES_PER_HOUR && sent < MAX_CODES_PER_ADDRESS_PER_HOUR; i++, sent++) {
        expect((await requestCode(email, attacker(100 + client))).statusCode).toBe(200);
      }
    }
    expect((await requestCode(email, attacker(150))).statusCode).toBe(429);
    expect((await requestCode(email, VICTIM_IP)).statusCode).toBe(200);
    const code = codeFrom(await t.smtp.lastTo(email));
    expect((await sendPasscode(email, code, VICTIM_IP)).statusCode).toBe(200);
  });

  it(`gives parallel requests no more than ${MAX_CODES_PER_HOUR} codes between them`, async () => {
    const email = 'parallel@example.com';
    const answers = await Promise.all(Array.from({ length: 12 }, () => requestCode(email, VICTIM_IP)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(MAX_CODES_PER_HOUR);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(12 - MAX_CODES_PER_HOUR);
    const rows = await t.ctx.db.selectFrom('sign_in_codes').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(MAX_CODES_PER_HOUR);
  });
});

describe('wrong tries per address and client', () => {
  it("a stranger's wrong guesses do not kill the owner's code", async () => {
    const email = 'victim3@example.com';
    expect((await requestCode(email, VICTIM_IP)).statusCode).toBe(200);
    const code = codeFrom(await t.smtp.lastTo(email));
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push((await sendPasscode(email, wrongFor(code), attacker(5))).json());
    expect(answers.slice(0, MAX_FOREIGN_TRIES_PER_CLIENT)).toEqual(
      Array(MAX_FOREIGN_TRIES_PER_CLIENT).fill({ message: messages.wrongCode }),
    );
    expect(answers.at(-1)).toEqual({ message: messages.deadCode });
    // Cut off: even the right code from that client is refused now ...
    expect((await sendPasscode(email, code, attacker(5))).statusCode).toBe(400);
    // ... while its owner signs in with it, from where they asked or another network.
    expect((await sendPasscode(email, code, '192.0.2.44')).statusCode).toBe(200);
  });

  it(`stops guessing from many clients at ${MAX_FOREIGN_TRIES_PER_ADDRESS} tries, the owner still signs in`, async () => {
    const email = 'victim4@example.com';
    expect((await requestCode(email, VICTIM_IP)).statusCode).toBe(200);
    const code = codeFrom(await t.smtp.lastTo(email));
    let tries = 0;
    for (let client = 10; tries < MAX_FOREIGN_TRIES_PER_ADDRESS; client++) {
      for (
        let i = 0;
        i < MAX_FOREIGN_TRIES_PER_CLIENT && tries < MAX_FOREIGN_TRIES_PER_ADDRESS;
        i++, tries++
      ) {
        expect((await sendPasscode(email, wrongFor(code), attacker(client))).json()).toEqual({
          message: messages.wrongCode,
        });
      }
    }
    expect((await sendPasscode(email, code, attacker(60))).json()).toEqual({ message: messages.deadCode });
    expect((await sendPasscode(email, code, VICTIM_IP)).statusCode).toBe(200);
  });

  it('a sign-in ends every other code of the address', async () => {
    const email = 'victim5@example.com';
    await requestCode(email, attacker(70));
    const strangers = codeFrom(await t.smtp.lastTo(email));
    await requestCode(email, VICTIM_IP);
    const own = codeFrom(await t.smtp.lastTo(email));
    expect((await sendPasscode(email, own, VICTIM_IP)).statusCode).toBe(200);
    expect((await sendPasscode(email, strangers, attacker(70))).statusCode).toBe(400);
  });
});

describe('clientKey', () => {
  it('takes IPv4 as it is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

// Issue 44 item 4: a push endpoint written with a literal address is judged by the one list of
// non-public addresses, however the address is spelt, when saved and again when connecting.
import { afterEach, describe, expect, it } from 'vitest';
import { endpointProblem } from './endpoint-guard.js';
import { postPush } from './push-sender.js';

const literalPrivate = [
  'https://[::ffff:127.0.0.1]/x',
  'https://[::ffff:7f00:1]/x',
  'https://[::7f00:1]/x',
  'https://[::127.0.0.1]/x',
  'https://[::ffff:0:7f00:1]/x',
  'https://[::ffff:0:a9fe:a9fe]/latest',
  'https://[64:ff9b::a00:1]/x',
  'https://[64:ff9b:1::a00:1]/x',
  'https://[2002:7f00:1::]/x',
  'https://[2002:a9fe:a9fe::1]/x',
  'https://[2001::1]/x',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
  'https://2130706433/x',
  'https://0x7f.1/x',
  'https://017700000001/x',
];

describe('a literal-IP push endpoint', () => {
  it.each(literalPrivate)('%s is refused when saved', (endpoint) => {
    expect(endpointProblem(endpoint, false)).toBe('The push endpoint must be on a public address.');
  });

  it('on a public address, on 443, is taken; on another port it is not', () => {
    expect(endpointProblem('https://[2606:4700::1111]/x', false)).toBeNull();
    expect(endpointProblem('https://[::ffff:8.8.8.8]/x', false)).toBeNull();
    expect(endpointProblem('https://8.8.8.8:443/x', false)).toBeNull();
    expect(endpointProblem('https://fcm.googleapis.com:8443/x', false)).toBe(
      'Use a push endpoint on port 443.',
    );
    expect(endpointProblem('https://8.8.8.8:22/x', false)).toBe('Use a push endpoint on port 443.');
    // A relay of one's own may listen elsewhere when private endpoints are allowed.
    expect(endpointProblem('http://127.0.0.1:8080/x', true)).toBeNull();
  });

  describe('when connecting (a subscription saved before this guard, or by another way)', () => {
    const saved = process.env.KETE_PUSH_ALLOW_PRIVATE;
    afterEach(() => {
      if (saved === undefined) delete process.env.KETE_PUSH_ALLOW_PRIVATE;
      else process.env.KETE_PUSH_ALLOW_PRIVATE = saved;
    });

    it.each(literalPrivate)('%s is refused before any connection is made', async (endpoint) => {
      delete process.env.KETE_PUSH_ALLOW_PRIVATE;
      const keys = { publicKey: 'unused', privateKey: 'unused' };
      const target = { endpoint, p256dh: 'unused', auth: 'unused' };
      await expect(
        postPush(target, { title: 't', body: 'b', url: '/w' }, keys, 'mailto:a@b.c'),
      ).rejects.toThrow('The push endpoint must be on a public address.');
    });
  });
});

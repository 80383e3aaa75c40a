import { describe, expect, it } from 'vitest';
import { tokenSubject } from './session-user.js';

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('tokenSubject', () => {
  it("reads the user's id from a JWT's payload (base64url, no padding)", () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ sub: '42', iss: 'kete', exp: 1 })}.signature`;
    expect(tokenSubject(token)).toBe('42');
  });

  it('answers null for anything that is not a token with a subject', () => {
    expect(tokenSubject('')).toBeNull();
    expect(tokenSubject('not-a-token')).toBeNull();
    expect(tokenSubject('a.!!!.c')).toBeNull();
    expect(tokenSubject(`x.${encode({ iss: 'kete' })}.y`)).toBeNull();
  });
});

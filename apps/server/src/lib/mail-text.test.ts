import { describe, expect, it } from 'vitest';
import { MAIL_NAME_MAX_LENGTH, mailSafeName } from './mail-text.js';

describe('mailSafeName', () => {
  it('keeps an ordinary name, macrons and all', () => {
    expect(mailSafeName('  Whānau   kai ', 'My Kete')).toBe('Whānau kai');
  });

  it('strips links, domains and addresses', () => {
    for (const name of [
      'Win at https://evil.example/x',
      'Win at http://evil.example',
      'Win at www.evil.example',
      'Win at evil.example',
      'Win at bit.ly/abc',
      'Win at prize@evil.example',
      'Win at ＥＶＩＬ．ｅｘａｍｐｌｅ',
      'Win at javascript://x',
    ]) {
      const safe = mailSafeName(name, 'My Kete');
      expect(safe, name).toBe('Win at');
    }
  });

  it('strips money amounts, whatever the currency sign or word, and lone currency signs', () => {
    for (const [name, safe] of [
      ['FREE $500 voucher - claim at https://evil.example', 'FREE voucher - claim at'],
      ['Win NZ$ 5,000.00 today', 'Win today'],
      ['Win 500 dollars', 'Win'],
      ['Win USD 20 now', 'Win now'],
      ['Win 50k$', 'Win'],
      ['Win €50 or £20 or ¥1000', 'Win or or'],
      ['Win ＄５００', 'Win'],
      ['Only $ here', 'Only here'],
    ] as const) {
      expect(mailSafeName(name, 'My Kete'), name).toBe(safe);
    }
  });

  it('keeps numbers that are not money', () => {
    expect(mailSafeName('Flat 22 groceries', 'My Kete')).toBe('Flat 22 groceries');
  });

  it('leaves no markup, line breaks or invisible characters', () => {
    expect(mailSafeName('<b>Hi</b>\r\nBcc: x\u202Eevil\u200B', 'My Kete')).toBe('b Hi b Bcc x evil');
  });

  it(`cuts to ${MAIL_NAME_MAX_LENGTH} characters, and falls back when nothing is left`, () => {
    const long = mailSafeName('a'.repeat(100), 'My Kete');
    expect(long).toHaveLength(MAIL_NAME_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    expect(mailSafeName('https://evil.example', 'My Kete')).toBe('My Kete');
  });
});

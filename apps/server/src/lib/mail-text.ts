// The only text a user chose that may appear in an e-mail is a workspace's name (and the sharer's
// display name, made from their address). Cleaned so Kete cannot be used to send someone else's
// message, link or offer: no links, addresses, markup or money amounts ('FREE $500 voucher' reads
// 'FREE voucher'), one line, at most MAIL_NAME_MAX_LENGTH characters.

export const MAIL_NAME_MAX_LENGTH = 40;

const LINK = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/gi;
// Anything shaped like a domain or an address: "evil.example", "x@y.nz", "bit.ly/abc".
const DOMAIN = /\S*[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\S*/giu;
// An amount with a currency sign or word on either side ('$500', 'NZ$ 5,000.00', '500 dollars',
// 'USD 20', '50k$'), and any currency sign left alone.
const AMOUNT = '\\d[\\d.,\\s]*(?:[kKmM]\\b)?';
const CURRENCY_WORD = '(?:dollars?|bucks|cents?|nzd|usd|aud|eur|euros?|gbp|pounds?)';
const MONEY = new RegExp(
  [
    `(?:\\b(?:nz|us|au|ca)\\s*)?\\p{Sc}\\s*(?:${AMOUNT})?`,
    `${AMOUNT}\\s*(?:\\p{Sc}|\\b${CURRENCY_WORD}\\b)`,
    `\\b${CURRENCY_WORD}\\s*${AMOUNT}`,
  ].join('|'),
  'giu',
);
const UNSAFE = /[<>"`\\[\]{}|@:/]/g;
// Control, format (bidi overrides, zero-width) and separator characters other than a plain space.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export function mailSafeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(INVISIBLE, ' ')
    .replace(LINK, ' ')
    .replace(DOMAIN, ' ')
    .replace(MONEY, ' ')
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return fallback;
  return cleaned.length > MAIL_NAME_MAX_LENGTH
    ? `${cleaned.slice(0, MAIL_NAME_MAX_LENGTH - 1).trimEnd()}…`
    : cleaned;
}

// The only text a user typed that may appear in an e-mail is a workspace's name. Cleaned so Kete
// cannot be used to send someone else's message or link: no links, addresses or markup, one line,
// at most MAIL_NAME_MAX_LENGTH characters.

export const MAIL_NAME_MAX_LENGTH = 40;

const LINK = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/gi;
// Anything shaped like a domain or an address: "evil.example", "x@y.nz", "bit.ly/abc".
const DOMAIN = /\S*[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\S*/giu;
const UNSAFE = /[<>"`\\[\]{}|@:/]/g;
// Control, format (bidi overrides, zero-width) and separator characters other than a plain space.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export function mailSafeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(INVISIBLE, ' ')
    .replace(LINK, ' ')
    .replace(DOMAIN, ' ')
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return fallback;
  return cleaned.length > MAIL_NAME_MAX_LENGTH
    ? `${cleaned.slice(0, MAIL_NAME_MAX_LENGTH - 1).trimEnd()}…`
    : cleaned;
}

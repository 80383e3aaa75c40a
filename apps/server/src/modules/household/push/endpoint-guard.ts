// A push subscription's endpoint is chosen by the client, so the server would post wherever it is
// told: to an intranet host, the cloud's metadata address, the database. Only https endpoints on
// public addresses, on port 443, are accepted, checked when the subscription is saved (the URL and
// a literal address) and again as each connection is made (a literal address again, since no
// lookup is made for one; a name's addresses, so a name that later resolves to a private address
// is refused too). Every push service listens on 443: another port is someone's own server.
// KETE_PUSH_ALLOW_PRIVATE=1 lifts this for tests and a self-hoster's own push relay.
import { type LookupAddress, lookup } from 'node:dns';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../../../lib/public-address.js';

export const allowPrivate = () => process.env.KETE_PUSH_ALLOW_PRIVATE === '1';

/** Why the server will not post to this endpoint, or null when it may. */
export function endpointProblem(endpoint: string, privateAllowed = allowPrivate()): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (privateAllowed)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'Use an https push endpoint.';
  if (url.protocol !== 'https:') return 'Use an https push endpoint.';
  if (url.username || url.password) return 'The push endpoint must not carry a user name or password.';
  // The URL reads https's own port (443) as none.
  if (url.port !== '') return 'Use a push endpoint on port 443.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 ? isPrivateAddress(host) : host === 'localhost' || !host.includes('.')) {
    return 'The push endpoint must be on a public address.';
  }
  return null;
}

/** dns.lookup for the connection: a private address fails it (unless allowed). */
export function guardedLookup(
  hostname: string,
  options: object,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (!allowPrivate() && list.some((a) => isPrivateAddress(a.address))) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
      refused.code = 'EPRIVATE';
      return callback(refused, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), []);
    callback(null, first.address, first.family);
  });
}

// A push subscription's endpoint is chosen by the client, so the server would post wherever it is
// told: to an intranet host, the cloud's metadata address, the database. Only https endpoints on
// public addresses are accepted, checked when the subscription is saved (the URL and a literal
// address) and again as each connection is made (the name's addresses, so a name that later
// resolves to a private address is refused too). KETE_PUSH_ALLOW_PRIVATE=1 lifts this for tests
// and a self-hoster's own push relay.
import { type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

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

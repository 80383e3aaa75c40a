// Whether an IP address is on the public internet. The server reaches out to addresses a client
// chose (a recipe page to import, a push subscription's endpoint), so a private, loopback,
// link-local, shared (CGNAT), multicast, documentation, benchmarking or reserved address must be
// refused, or a client could aim the server at its own network (the database, an intranet host,
// the cloud's metadata address). One list for every such caller (the push endpoint guard and the
// recipe import's guarded fetch both ask isPrivateAddress).
//
// An IPv6 address can carry an IPv4 one (IPv4-compatible ::a.b.c.d, IPv4-mapped ::ffff:a.b.c.d,
// IPv4-translated ::ffff:0:a.b.c.d, 6to4 2002:AABB:CCDD::), written in dotted or hex form
// (::ffff:127.0.0.1 is ::ffff:7f00:1, which is how a URL writes it): those are judged by the IPv4
// address inside. ipaddr.js reads every spelling into bytes, so no form slips past a pattern.
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The ranges refused, with what each is (RFC 6890 and the IANA special-purpose registries). */
export const NON_PUBLIC_RANGES = [
  ['0.0.0.0', 8, 'ipv4', '"this network"'],
  ['10.0.0.0', 8, 'ipv4', 'private (RFC 1918)'],
  ['100.64.0.0', 10, 'ipv4', 'shared address space, CGNAT (RFC 6598)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'ipv4', 'private (RFC 1918)'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'ipv4', 'documentation, TEST-NET-1'],
  ['192.168.0.0', 16, 'ipv4', 'private (RFC 1918)'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['198.51.100.0', 24, 'ipv4', 'documentation, TEST-NET-2'],
  ['203.0.113.0', 24, 'ipv4', 'documentation, TEST-NET-3'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved, and broadcast'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64 (an IPv4 address inside)'],
  ['64:ff9b:1::', 48, 'ipv6', 'NAT64 for local use (RFC 8215)'],
  ['2001::', 32, 'ipv6', 'Teredo (a tunnel to an IPv4 address)'],
  ['2001:db8::', 32, 'ipv6', 'documentation'],
  ['fc00::', 7, 'ipv6', 'unique local (ULA)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
] as const;

const nonPublic = new BlockList();
for (const [address, prefix, family] of NON_PUBLIC_RANGES) nonPublic.addSubnet(address, prefix, family);

/**
 * IPv6 ranges that carry an IPv4 address, judged by it: [prefix, length, byte where the IPv4
 * address starts, what it is]. The rest of each range is judged as IPv6.
 */
export const IPV4_CARRYING_RANGES = [
  ['::', 96, 12, 'IPv4-compatible (::a.b.c.d)'],
  ['::ffff:0:0', 96, 12, 'IPv4-mapped (::ffff:a.b.c.d)'],
  ['::ffff:0:0:0', 96, 12, 'IPv4-translated (::ffff:0:a.b.c.d)'],
  ['2002::', 16, 2, '6to4 (2002:AABB:CCDD::)'],
] as const;

const carrying = IPV4_CARRYING_RANGES.map(([prefix, length, at]) => ({
  range: ipaddr.IPv6.parse(prefix),
  length,
  at,
}));

/** The IPv4 address an IPv6 address carries, or null. */
function carriedIPv4(address: ipaddr.IPv6): string | null {
  const bytes = address.toByteArray();
  for (const { range, length, at } of carrying)
    if (address.match(range, length)) return bytes.slice(at, at + 4).join('.');
  return null;
}

/**
 * Whether an address is loopback, private, link-local, reserved or otherwise not the public
 * internet. Anything that is not an IP address counts as private. An IPv6 address carrying an
 * IPv4 one (however written) is judged as that IPv4 address.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return nonPublic.check(address, 'ipv4');
  if (family !== 6) return true;
  let parsed: ipaddr.IPv6;
  try {
    parsed = ipaddr.IPv6.parse(address);
  } catch {
    return true;
  }
  const inner = carriedIPv4(parsed);
  if (inner !== null) return nonPublic.check(inner, 'ipv4');
  // From its bytes: a zone (fe80::1%eth0) is not part of the address BlockList reads.
  return nonPublic.check(ipaddr.fromByteArray(parsed.toByteArray()).toNormalizedString(), 'ipv6');
}

// Whether an IP address is on the public internet. The server reaches out to addresses a client
// chose (a recipe page to import, a push subscription's endpoint), so a private, loopback,
// link-local, shared (CGNAT), multicast, documentation, benchmarking or reserved address must be
// refused, or a client could aim the server at its own network (the database, an intranet host,
// the cloud's metadata address). One list for every such caller.
import { BlockList, isIP } from 'node:net';

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
  ['2001:db8::', 32, 'ipv6', 'documentation'],
  ['fc00::', 7, 'ipv6', 'unique local (ULA)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
] as const;

const nonPublic = new BlockList();
for (const [address, prefix, family] of NON_PUBLIC_RANGES) nonPublic.addSubnet(address, prefix, family);

/**
 * Whether an address is loopback, private, link-local, reserved or otherwise not the public
 * internet. Anything that is not an IP address counts as private. An IPv4 address written as
 * IPv6 (::ffff:127.0.0.1) is judged as that IPv4 address.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return nonPublic.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return nonPublic.check(mapped[1], 'ipv4');
    return nonPublic.check(address, 'ipv6');
  }
  return true;
}

// Every refused range is refused at its first and last address and the neighbours just outside it
// stay public; IPv4 written as IPv6 is judged as IPv4; anything not an address counts as private.
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, NON_PUBLIC_RANGES } from './public-address.js';

// For each range: its first address, its last, and a public one just outside it.
const ranges: Record<string, [first: string, last: string, outside: string]> = {
  '0.0.0.0/8': ['0.0.0.0', '0.255.255.255', '1.0.0.0'],
  '10.0.0.0/8': ['10.0.0.0', '10.255.255.255', '11.0.0.0'],
  '100.64.0.0/10': ['100.64.0.0', '100.127.255.255', '100.128.0.0'],
  '127.0.0.0/8': ['127.0.0.1', '127.255.255.255', '128.0.0.0'],
  '169.254.0.0/16': ['169.254.0.0', '169.254.169.254', '169.255.0.0'],
  '172.16.0.0/12': ['172.16.0.0', '172.31.255.255', '172.32.0.0'],
  '192.0.0.0/24': ['192.0.0.0', '192.0.0.255', '192.0.1.0'],
  '192.0.2.0/24': ['192.0.2.0', '192.0.2.255', '192.0.3.0'],
  '192.168.0.0/16': ['192.168.0.0', '192.168.255.255', '192.169.0.0'],
  '198.18.0.0/15': ['198.18.0.0', '198.19.255.255', '198.20.0.0'],
  '198.51.100.0/24': ['198.51.100.0', '198.51.100.255', '198.51.101.0'],
  '203.0.113.0/24': ['203.0.113.0', '203.0.113.255', '203.0.114.0'],
  '224.0.0.0/4': ['224.0.0.0', '239.255.255.255', '223.255.255.255'],
  '240.0.0.0/4': ['240.0.0.0', '255.255.255.255', '223.255.255.254'],
  '::/128': ['::', '::', '::2'],
  '::1/128': ['::1', '::1', '::2'],
  '64:ff9b::/96': ['64:ff9b::', '64:ff9b::ffff:ffff', '64:ff9b::1:0:0'],
  '2001:db8::/32': ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::'],
  'fc00::/7': ['fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe00::'],
  'fe80::/10': ['fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fec0::'],
  'ff00::/8': ['ff00::', 'ff02::1', 'feff::'],
};

describe('isPrivateAddress', () => {
  it('has a case below for every range it refuses, and no other', () => {
    expect(Object.keys(ranges).sort()).toEqual(NON_PUBLIC_RANGES.map(([a, p]) => `${a}/${p}`).sort());
  });

  it.each(Object.entries(ranges))(
    '%s: first and last refused, next door public',
    (_, [first, last, outside]) => {
      expect(isPrivateAddress(first), first).toBe(true);
      expect(isPrivateAddress(last), last).toBe(true);
      expect(isPrivateAddress(outside), outside).toBe(false);
    },
  );

  it('judges IPv4 written as IPv6 as the IPv4 address', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::FFFF:10.0.0.1',
      '::ffff:192.168.1.1',
      '::ffff:203.0.113.9',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
  });

  it('lets public addresses through', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '203.97.78.1',
      '2404:6800:4006:80a::200e',
      '2606:4700::1111',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('counts anything that is not an IP address as private', () => {
    for (const value of ['', 'localhost', 'example.com', '256.1.1.1', '1.2.3', '::ffff:999.0.0.1']) {
      expect(isPrivateAddress(value), value).toBe(true);
    }
  });
});

// Every refused range is refused at its first and last address and the neighbours just outside it
// stay public; IPv4 written as IPv6 is judged as IPv4; anything not an address counts as private.
import { describe, expect, it } from 'vitest';
import { IPV4_CARRYING_RANGES, isPrivateAddress, NON_PUBLIC_RANGES } from './public-address.js';

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
  // Next door to these is ::/96, judged by its IPv4 address (below): 0.0.0.2 is not public.
  '::/128': ['::', '::', '::1:0:0:0'],
  '::1/128': ['::1', '::1', '::1:0:0:1'],
  '64:ff9b::/96': ['64:ff9b::', '64:ff9b::ffff:ffff', '64:ff9b::1:0:0'],
  '64:ff9b:1::/48': ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '64:ff9b:2::'],
  '2001::/32': ['2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff', '2001:1::'],
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

  // Each IPv6 range that carries an IPv4 address: private ones written several ways, refused; a
  // public one inside, allowed (it reaches only that public address).
  const carried: Record<string, [refused: string[], allowed: string]> = {
    '::/96': [['::7f00:1', '::127.0.0.1', '0:0:0:0:0:0:7f00:0001', '::a9fe:a9fe', '::0a00:1'], '::808:808'],
    '::ffff:0:0/96': [
      ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:FFFF:7F00:1', '::ffff:a9fe:a9fe', '::ffff:c0a8:101'],
      '::ffff:808:808',
    ],
    '::ffff:0:0:0/96': [['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:a00:1'], '::ffff:0:808:808'],
    '2002::/16': [
      ['2002:7f00:1::', '2002:a00:1::1', '2002:c0a8:101:1::', '2002:a9fe:a9fe::'],
      '2002:808:808::',
    ],
  };

  it('has a case below for every range judged by the IPv4 address inside', () => {
    expect(Object.keys(carried).sort()).toEqual(IPV4_CARRYING_RANGES.map(([a, p]) => `${a}/${p}`).sort());
  });

  it.each(Object.entries(carried))(
    '%s: judged by the IPv4 address inside, however written',
    (_, [refused, allowed]) => {
      for (const address of refused) expect(isPrivateAddress(address), address).toBe(true);
      expect(isPrivateAddress(allowed), allowed).toBe(false);
    },
  );

  it('reads a zone as part of a link-local address, not as a way past the list', () => {
    expect(isPrivateAddress('fe80::1%eth0')).toBe(true);
  });

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

// The reverse zones of the compute address blocks and the reverse name of an address: where the zone cuts
// fall (octets for IPv4, nibbles for IPv6) and which zone holds a name.
import { describe, expect, it } from 'vitest';
import { addressBlocksOf } from '../../../server/computes/reverse-dns';
import { reverseZoneKeys } from '../../../server/computes/reverse-dns-keys';
import {
  reverseName,
  reverseZoneOf,
  reverseZonesOf,
  reverseZonesOfBlock,
} from '../../../server/dns/reverse-zones';

describe('reverse zones', () => {
  it('cuts IPv4 blocks on octets, never claiming addresses outside the block', () => {
    expect(reverseZonesOfBlock('192.0.2.0/24')).toEqual(['2.0.192.in-addr.arpa']);
    expect(reverseZonesOfBlock('10.20.0.0/16')).toEqual(['20.10.in-addr.arpa']);
    expect(reverseZonesOfBlock('10.0.0.0/8')).toEqual(['10.in-addr.arpa']);
    const twenty = reverseZonesOfBlock('10.0.16.0/20');
    expect(twenty).toHaveLength(16);
    expect([twenty[0], twenty[15]]).toEqual(['16.0.10.in-addr.arpa', '31.0.10.in-addr.arpa']);
    // Longer than /24: the enclosing /24, which holds only the block's names.
    expect(reverseZonesOfBlock('203.0.113.64/26')).toEqual(['113.0.203.in-addr.arpa']);
  });

  it('cuts IPv6 prefixes on nibbles, rounding up', () => {
    expect(reverseZonesOfBlock('2001:db8::/64')).toEqual(['0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa']);
    expect(reverseZonesOfBlock('2001:db8::/48')).toEqual(['0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa']);
    expect(reverseZonesOfBlock('2001:db8:0:4::/62')).toEqual(
      ['4', '5', '6', '7'].map((nibble) => `${nibble}.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa`),
    );
  });

  it('refuses what is not a block, and the whole address space', () => {
    expect(reverseZonesOfBlock('192.0.2.0')).toEqual([]);
    expect(reverseZonesOfBlock('example/24')).toEqual([]);
    expect(reverseZonesOfBlock('::/0')).toEqual([]);
    expect(reverseZonesOf(['192.0.2.0/24', '192.0.2.128/25', '2001:db8::/64'])).toEqual([
      '2.0.192.in-addr.arpa',
      '0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
    ]);
  });

  it('names an address in reverse and finds the zone that holds it', () => {
    expect(reverseName('192.0.2.7')).toBe('7.2.0.192.in-addr.arpa');
    expect(reverseName('2001:db8::7')).toBe(
      '7.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
    );
    expect(reverseName('::ffff:192.0.2.7')).toBe(reverseName('0:0:0:0:0:ffff:c000:207'));
    expect(reverseName('web.example')).toBeUndefined();
    const zones = reverseZonesOf(['192.0.2.0/24', '2001:db8::/64']);
    expect(reverseZoneOf('192.0.2.200', zones)).toBe('2.0.192.in-addr.arpa');
    expect(reverseZoneOf('2001:db8::1:2', zones)).toBe('0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa');
    expect(reverseZoneOf('198.51.100.1', zones)).toBeUndefined();
    expect(reverseZoneOf('not an address', zones)).toBeUndefined();
  });

  it('takes the blocks from the simulator’s pools or the libvirt hosts’ bridges', () => {
    const simulator = { ipv4Pool: ['192.0.2.0/24', '198.51.100.0/24'], ipv6Pool: '2001:db8::/64' };
    expect(addressBlocksOf({ computeDriver: 'simulator', simulator })).toEqual([
      '192.0.2.0/24',
      '198.51.100.0/24',
      '2001:db8::/64',
    ]);
    expect(
      addressBlocksOf({
        computeDriver: 'libvirt',
        simulator,
        libvirt: {
          hosts: [
            { network: { mode: 'user' } },
            { network: { mode: 'bridge', ipv4: '203.0.113.0/24', ipv6: '2001:db8:1::/64' } },
            { network: { mode: 'bridge', ipv4: '203.0.114.0/24' } },
          ],
        },
      }),
    ).toEqual(['203.0.113.0/24', '2001:db8:1::/64', '203.0.114.0/24']);
  });

  it('signs each zone with its own key, the same on every server and after a restart', () => {
    const keys = reverseZoneKeys('installation secret');
    const [first] = keys('2.0.192.in-addr.arpa');
    const [again] = reverseZoneKeys('installation secret')('2.0.192.in-addr.arpa');
    expect(again!.publicKey.equals(first!.publicKey)).toBe(true);
    expect(keys('100.51.198.in-addr.arpa')[0]!.publicKey.equals(first!.publicKey)).toBe(false);
    expect(
      reverseZoneKeys('another installation')('2.0.192.in-addr.arpa')[0]!.publicKey.equals(first!.publicKey),
    ).toBe(false);
    expect(first).toMatchObject({ flags: 257, algorithm: 13 });
  });
});

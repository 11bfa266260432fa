// Private networks' pure parts: the libvirt network a team network becomes (isolated: a bridge and nothing
// else), the member's card in its domain, its address in the seed's network-config (a second ethernet
// matched by MAC, static, no gateway, no name servers), and the MAC chosen from its address.
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { networkConfig, userData } from '../../../server/drivers/compute/libvirt/cloud-init-seed';
import { domainXml, macOf } from '../../../server/drivers/compute/libvirt/domain-xml';
import {
  bridgeName,
  libvirtNetworkName,
  networkXml,
} from '../../../server/drivers/compute/libvirt/private-networks';
import { memberMac } from '../../../server/networks/network-cards';

const NETWORK = '7c1d2e3f-4a5b-4c6d-8e7f-901234567890';
const MACHINE = '0f8f2c1e-1111-4222-8333-444455556666';

describe('a team network on a libvirt host', () => {
  it('is a libvirt network named from its id, with a bridge and no forward, no address, no DHCP', () => {
    const xml = networkXml(NETWORK);
    expect(xml).toContain(`<name>ikirere-net-${NETWORK}</name>`);
    expect(xml).toContain(`<uuid>${NETWORK}</uuid>`);
    expect(xml).toContain("<bridge name='ikn7c1d2e3f4a5b' stp='off' delay='0'/>");
    for (const absent of ['<forward', '<ip', '<dhcp', '<dns']) expect(xml).not.toContain(absent);
    // Linux allows interface names of 15 characters.
    expect(bridgeName(NETWORK).length).toBeLessThanOrEqual(15);
    expect(libvirtNetworkName(NETWORK)).toBe(`ikirere-net-${NETWORK}`);
  });

  it('gives a member a virtio card on it after its public one, with no network filter', () => {
    const xml = domainXml({
      id: MACHINE,
      name: `ikirere-${MACHINE}`,
      hostname: 'web-1',
      vcpus: 1,
      memoryMb: 1024,
      type: 'qemu',
      pool: 'ikirere',
      diskVolume: 'd.qcow2',
      seedVolume: 's.iso',
      mac: macOf(MACHINE),
      network: { mode: 'bridge', bridge: 'br0', ipv4: '203.0.113.0/24', nameservers: ['9.9.9.9'] },
      filter: `ikirere-fw-${MACHINE}`,
      privateCards: [{ network: libvirtNetworkName(NETWORK), mac: '52:54:0a:14:00:02' }],
      sshPort: null,
    });
    const cards = xml.split('<interface').slice(1);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain("<source bridge='br0'/>");
    expect(cards[0]).toContain('<filterref');
    expect(cards[1]).toContain(`<source network='ikirere-net-${NETWORK}'/>`);
    expect(cards[1]).toContain("<mac address='52:54:0a:14:00:02'/>");
    expect(cards[1]).toContain("<model type='virtio'/>");
    expect(cards[1]).not.toContain('<filterref');
  });
});

describe('the seed of a member', () => {
  const base = {
    instanceId: MACHINE,
    hostname: 'web-1',
    sshPublicKey: 'ssh-ed25519 AAAAC3Nza a@b',
    rootPasswordCrypt: null,
    mac: macOf(MACHINE),
    network: {
      ipv4: { address: '203.0.113.7', prefixLength: 24, gateway: '203.0.113.1' },
      ipv6: null,
      nameservers: ['9.9.9.9'],
    },
  };

  it('puts each private address on its own ethernet matched by MAC, in join order, with no route and no name server', () => {
    const config = parseYaml(
      networkConfig({
        ...base,
        privateCards: [
          { mac: '52:54:0a:14:00:02', address: '10.20.0.2', prefixLength: 24 },
          { mac: '52:54:c0:a8:05:01', address: '192.168.5.1', prefixLength: 28 },
        ],
      }),
    );
    expect(Object.keys(config.ethernets)).toEqual(['eth0', 'eth1', 'eth2']);
    expect(config.ethernets.eth0.routes).toEqual([{ to: '0.0.0.0/0', via: '203.0.113.1' }]);
    expect(config.ethernets.eth1).toEqual({
      match: { macaddress: '52:54:0a:14:00:02' },
      'set-name': 'eth1',
      dhcp4: false,
      addresses: ['10.20.0.2/24'],
    });
    expect(config.ethernets.eth2.addresses).toEqual(['192.168.5.1/28']);
    // Without cards, the public card alone.
    expect(Object.keys(parseYaml(networkConfig(base)).ethernets)).toEqual(['eth0']);
  });

  it('asks cloud-init to apply the network-config at every boot, so a card that joined later is set up by the next', () => {
    const config = parseYaml(userData(base));
    expect(config.updates).toEqual({ network: { when: ['boot-new-instance', 'boot'] } });
  });
});

describe('a member’s MAC', () => {
  it('is 52:54 and its address, so no two members of a network share one and none is a public card’s', () => {
    expect(memberMac('10.20.0.5')).toBe('52:54:0a:14:00:05');
    expect(memberMac('192.168.255.254')).toBe('52:54:c0:a8:ff:fe');
    expect(memberMac('172.16.0.1')).toBe('52:54:ac:10:00:01');
    expect(macOf(MACHINE).startsWith('52:54:00:')).toBe(true);
  });
});

// Private networks on libvirt hosts (https://libvirt.org/formatnetwork.html): each team network is a libvirt
// network of its own on the host its machines are on — `ikirere-net-<id>`, its bridge `ikn<12 hex of the
// id>` (names from the id, never from input) — with no <forward> and no <ip>: libvirt makes the bridge and
// nothing else (no address of the host on it, no DHCP, no route, no NAT), so only the members' cards are on
// it, and another team's network (even with the same block) is another bridge. Defined, started and set to
// autostart through the same connection as everything else, so a qemu+ssh host needs no shell of ours. One
// host carries a network for now (README: the VXLAN design for several).
import type { NetworkCard } from '../compute-driver';
import { escapeXml } from './domain-xml';
import { type HostConnection, withTempFile } from './host-connection';
import { VirshError } from './virsh';

export type CardSource = (machineId: string) => Promise<readonly NetworkCard[]>;

export function libvirtNetworkName(networkId: string): string {
  return `ikirere-net-${networkId}`;
}

/** At most 15 characters, as Linux allows an interface name. */
export function bridgeName(networkId: string): string {
  return `ikn${networkId.replace(/-/g, '').slice(0, 12)}`;
}

/** The prefix length of a block ("10.20.0.0/24" → 24). */
export function prefixLengthOf(block: string): number {
  return Number(block.split('/')[1]);
}

/** An isolated network: a bridge with nothing of the host's on it. */
export function networkXml(networkId: string): string {
  const x = escapeXml;
  return `<network>
  <name>${x(libvirtNetworkName(networkId))}</name>
  <uuid>${x(networkId)}</uuid>
  <bridge name='${x(bridgeName(networkId))}' stp='off' delay='0'/>
</network>
`;
}

/** The host side of private networks: where the machines' cards come from, and the networks on a host. */
export class HostNetworks {
  /** The networks service's cards of a machine; none until it says. */
  source: CardSource = async () => [];

  cardsOf(machineId: string): Promise<readonly NetworkCard[]> {
    return this.source(machineId);
  }

  /** The network defined, running and autostarted on the host (each step only when missing). */
  async ensure(host: HostConnection, networkId: string): Promise<void> {
    const name = libvirtNetworkName(networkId);
    let info: string;
    try {
      info = await host.run(['net-info', name], 20_000);
    } catch (error) {
      if (!(error instanceof VirshError && error.noNetwork)) throw error;
      await withTempFile('network.xml', networkXml(networkId), (path) =>
        host.run(['net-define', path], 60_000),
      );
      info = await host.run(['net-info', name], 20_000);
    }
    if (!/Active:\s+yes/.test(info)) await host.run(['net-start', name], 60_000);
    if (!/Autostart:\s+yes/.test(info)) await host.run(['net-autostart', name], 20_000);
  }

  /** The networks a machine's cards are on, on its host, before its domain starts. */
  async prepare(host: HostConnection, machineId: string): Promise<void> {
    for (const card of await this.cardsOf(machineId)) await this.ensure(host, card.networkId);
  }

  /** Stopped and undefined on the host; one it does not have is fine. */
  async removeFrom(host: HostConnection, networkId: string): Promise<void> {
    const name = libvirtNetworkName(networkId);
    for (const step of ['net-destroy', 'net-undefine']) {
      try {
        await host.run([step, name], 60_000);
      } catch (error) {
        if (!(error instanceof VirshError)) throw error;
        if (error.noNetwork) return;
        // Not active: net-destroy has nothing to stop; undefine next.
        if (!(step === 'net-destroy' && /not active/i.test(error.detail))) throw error;
      }
    }
  }
}

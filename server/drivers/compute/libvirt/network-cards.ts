// Machines joining and leaving private networks on libvirt: a card (virtio, the MAC the networks service
// chose) on the network's libvirt network, with `virsh attach-device --config` (and `--live` into a running
// guest, where it is hot-plugged) and `detach-device` the same way; the seed's network-config rewritten
// first with the card's address, so a guest reading its seed (the test image on the hot-plug, a cloud image
// at its next boot) finds it. A step that fails puts the seed back: the machine is as it was.
import { MachineStateError, type NetworkCard, type PrivateNetworkDriver } from '../compute-driver';
import { domainName, privateCardXml } from './domain-xml';
import type { FlowContext } from './flows/flow';
import { currentState } from './flows/machine-state';
import { type HostConnection, withTempFile } from './host-connection';
import type { LibvirtMachineRow } from './machine-store';
import { type CardSource, libvirtNetworkName } from './private-networks';
import { generationOf, networkConfigOf, seedVolume } from './provisioning';
import { replaceSeedNetworkConfig } from './seed-network-update';
import { VirshError } from './virsh';

/** How long a running guest is given to let an unplugged card go. */
const UNPLUG_WAIT_MS = 20_000;

function reason(error: unknown): string {
  return error instanceof VirshError ? error.detail.slice(0, 300) : (error as Error).message;
}

/** The MACs of the domain's cards, live (a running guest) or in its definition. */
async function macsOf(host: HostConnection, machineId: string, inactive: boolean): Promise<string[]> {
  const text = await host.run(
    ['domiflist', domainName(machineId), ...(inactive ? ['--inactive'] : [])],
    30_000,
  );
  return [...text.matchAll(/([0-9a-f]{2}(?::[0-9a-f]{2}){5})/gi)].map((match) => match[1]!.toLowerCase());
}

export class LibvirtNetworks implements PrivateNetworkDriver {
  readonly isolation = 'host';

  constructor(
    private readonly context: FlowContext,
    /** Throws MachineStateError while the driver moves the machine to another host. */
    private readonly notMoving: (machineId: string) => void,
  ) {}

  takeCardsFrom(source: CardSource): void {
    this.context.networks.source = source;
  }

  /**
   * The machine on its host, and whether its domain runs: not mid-transition, and to join, at rest (running
   * or stopped); a card leaves a machine in any other resting state too (in error, in rescue).
   */
  private async machine(machineId: string, joining: boolean) {
    this.notMoving(machineId);
    const row = await this.context.store.find(machineId);
    if (!row) throw new MachineStateError('the hypervisor has no such machine.');
    const state = await currentState(this.context, row);
    const atRest = state === 'running' || state === 'stopped';
    if (row.transition || (joining && !atRest) || state === 'unreachable') {
      throw new MachineStateError(
        `the machine is ${row.transition ? 'changing state' : state}: it joins or leaves a network while running or stopped.`,
      );
    }
    return {
      row,
      host: this.context.hosts.of(row),
      state,
      running: state === 'running' || state === 'rescue',
    };
  }

  async join(card: NetworkCard, machineId: string, peers: readonly string[]): Promise<void> {
    const { row, host, running } = await this.machine(machineId, true);
    for (const peer of peers) {
      const other = await this.context.store.find(peer);
      if (other && other.host !== row.host) {
        throw new MachineStateError(
          "the network's other computes are on another hypervisor host, and a private network spans one host for now.",
        );
      }
    }
    try {
      await this.context.networks.ensure(host, card.networkId);
    } catch (error) {
      throw new MachineStateError(`the host could not make the network (${reason(error)}).`);
    }
    const others = await this.othersThan(machineId, card);
    await this.writeSeed(row, host, [...others, card]);
    if ((await macsOf(host, machineId, true)).includes(card.mac)) return;
    const xml = privateCardXml({ network: libvirtNetworkName(card.networkId), mac: card.mac });
    try {
      await withTempFile('interface.xml', xml, (path) =>
        host.run(
          ['attach-device', domainName(machineId), path, '--config', ...(running ? ['--live'] : [])],
          60_000,
        ),
      );
    } catch (error) {
      await this.writeSeed(row, host, others).catch(() => {});
      throw new MachineStateError(`libvirt refused the card (${reason(error)}).`);
    }
  }

  /** Out of the seed first, then unplugged from a running guest, then out of the definition. */
  async leave(card: NetworkCard, machineId: string): Promise<void> {
    if (!(await this.context.store.find(machineId))) return;
    const { row, host, running, state } = await this.machine(machineId, false);
    // A domain libvirt lost (undefined by hand) holds no card.
    if (state === 'absent') return;
    const others = await this.othersThan(machineId, card);
    await this.writeSeed(row, host, others);
    const xml = privateCardXml({ network: libvirtNetworkName(card.networkId), mac: card.mac });
    try {
      if (running && (await macsOf(host, machineId, false)).includes(card.mac)) {
        await withTempFile('interface.xml', xml, (path) =>
          host.run(['detach-device', domainName(machineId), path, '--live'], 60_000),
        );
        const deadline = Date.now() + UNPLUG_WAIT_MS;
        while ((await macsOf(host, machineId, false)).includes(card.mac)) {
          if (Date.now() > deadline) {
            throw new MachineStateError('the guest did not let the card go within 20 s; try again.');
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      if ((await macsOf(host, machineId, true)).includes(card.mac)) {
        await withTempFile('interface.xml', xml, (path) =>
          host.run(['detach-device', domainName(machineId), path, '--config'], 60_000),
        );
      }
    } catch (error) {
      await this.writeSeed(row, host, [...others, card]).catch(() => {});
      if (error instanceof MachineStateError) throw error;
      throw new MachineStateError(`the card could not be taken off (${reason(error)}).`);
    }
  }

  /** From every host that answers; one that does not keeps an empty bridge (nothing is on it). */
  async remove(networkId: string): Promise<void> {
    for (const host of this.context.hosts.all()) {
      if (host.unreachable) {
        this.context.logger.warn(
          { host: host.name, networkId },
          'a private network was deleted while this host does not answer: its empty libvirt network stays there',
        );
        continue;
      }
      try {
        await this.context.networks.removeFrom(host, networkId);
      } catch (error) {
        throw new MachineStateError(`a hypervisor host could not remove the network (${reason(error)}).`);
      }
    }
  }

  /** The machine's other cards, in the order they joined. */
  private async othersThan(machineId: string, card: NetworkCard): Promise<NetworkCard[]> {
    return (await this.context.networks.cardsOf(machineId)).filter(
      (other) => other.networkId !== card.networkId,
    );
  }

  private async writeSeed(
    row: LibvirtMachineRow,
    host: HostConnection,
    cards: readonly NetworkCard[],
  ): Promise<void> {
    try {
      await replaceSeedNetworkConfig(
        host,
        seedVolume(row.id, generationOf(row)),
        await networkConfigOf(this.context, row, cards),
      );
    } catch (error) {
      throw new MachineStateError(`the machine's seed could not be written (${reason(error)}).`);
    }
  }
}

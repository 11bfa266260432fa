// The simulator's private networks: honest data. It has no bridge and no card; it keeps which machine is on
// which network with what address and MAC, and checks what a hypervisor would refuse: a machine it does not
// have, one mid-transition or not at rest. Each call takes a believable moment. A machine whose hostname
// holds fail-join refuses every join, fail-leave every leave (simulated failures, for tests and demos).
import { MachineStateError, type NetworkCard, type PrivateNetworkDriver } from '../compute-driver';
import { pause } from './disk-capture';
import { type MachineStore, specOf } from './machine-store';

/** How long a card's hotplug takes before the speed factor. */
const HOTPLUG_BASE_MS = 1_000;

export class SimulatedNetworks implements PrivateNetworkDriver {
  readonly isolation = 'simulated';
  /** Per network, its machines' cards. */
  private readonly networks = new Map<string, Map<string, NetworkCard>>();

  constructor(
    private readonly store: MachineStore,
    private readonly speed: () => number,
  ) {}

  takeCardsFrom(): void {
    // The simulator defines nothing again: the cards it keeps are the whole of it.
  }

  /** The cards a machine has, as the simulator keeps them (for tests and demos). */
  cardsOf(machineId: string): NetworkCard[] {
    return [...this.networks.values()].flatMap((members) => {
      const card = members.get(machineId);
      return card ? [card] : [];
    });
  }

  /** A destroyed machine's cards go with it. */
  forget(machineId: string): void {
    for (const members of this.networks.values()) members.delete(machineId);
  }

  private async atRest(machineId: string, failure: string): Promise<void> {
    const row = await this.store.find(machineId);
    if (!row) throw new MachineStateError('the hypervisor has no such machine.');
    if (row.transition || (row.state !== 'running' && row.state !== 'stopped')) {
      throw new MachineStateError(
        `the machine is ${row.transition ? 'changing state' : row.state}: it joins or leaves a network while running or stopped.`,
      );
    }
    await pause(Math.max(1, Math.round(HOTPLUG_BASE_MS / this.speed())));
    if (specOf(row).hostname.includes(failure)) {
      throw new MachineStateError(`the guest did not take the change (simulated failure).`);
    }
  }

  async join(card: NetworkCard, machineId: string): Promise<void> {
    await this.atRest(machineId, 'fail-join');
    const members = this.networks.get(card.networkId) ?? new Map<string, NetworkCard>();
    members.set(machineId, card);
    this.networks.set(card.networkId, members);
  }

  async leave(card: NetworkCard, machineId: string): Promise<void> {
    if (await this.store.find(machineId)) await this.atRest(machineId, 'fail-leave');
    this.networks.get(card.networkId)?.delete(machineId);
  }

  async remove(networkId: string): Promise<void> {
    this.networks.delete(networkId);
  }
}

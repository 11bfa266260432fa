// Where computes meet private networks (server/networks), wired by app.ts so neither feature reaches into
// the other: networks give a compute its card through the compute driver's private networks, read which
// computes are where, and let a destroyed compute's addresses go.
import type { NetworkCard, PrivateNetworkDriver } from '../drivers/compute/compute-driver';
import type { ComputeService } from './compute-service';

/** A driver without private networks keeps them as data only, as the simulator does. */
const DATA_ONLY: PrivateNetworkDriver = {
  isolation: 'simulated',
  takeCardsFrom: () => {},
  join: async () => {},
  leave: async () => {},
  remove: async () => {},
};

export function computesForNetworks(service: ComputeService) {
  const driver = service.deps.driver.networks ?? DATA_ONLY;
  return {
    isolation: driver.isolation,
    /** The driver reads a compute's cards from here whenever it defines the compute again. */
    takeCardsFrom(source: (computeId: string) => Promise<readonly NetworkCard[]>): void {
      driver.takeCardsFrom(source);
    },
    join: (card: NetworkCard, computeId: string, peers: readonly string[]) =>
      driver.join(card, computeId, peers),
    leave: (card: NetworkCard, computeId: string) => driver.leave(card, computeId),
    remove: (networkId: string) => driver.remove(networkId),
    onDestroyed(listener: (computeId: string) => Promise<void>): void {
      service.onDestroyed(listener);
    },
    /** Computes are started (their driver resumed) before networks ask the driver anything. */
    started: service.started,
  };
}

export type ComputesForNetworks = ReturnType<typeof computesForNetworks>;

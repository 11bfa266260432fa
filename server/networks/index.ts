// Private networks (server/networks): a team's isolated IPv4 networks and the computes on them, given their
// cards by the compute driver through the port app.ts hands in.
import type { ComputesForNetworks } from '../computes/networks-port';
import type { Database } from '../db';
import type { Routes } from '../http/routes';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { NetworkMembership } from './membership';
import { NetworkService } from './network-service';
import { networksRoutes } from './networks.routes';

export interface Networks {
  service: NetworkService;
  membership: NetworkMembership;
}

export function createNetworks(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  computes: ComputesForNetworks;
}): Networks {
  const service = new NetworkService(deps);
  return { service, membership: new NetworkMembership(service) };
}

export function networkResources(networks: Networks): Routes[] {
  return [networksRoutes(networks)];
}

// Private networks (server/networks): a team's isolated IPv4 networks and the computes on them.
import type { ComputeService } from '../computes';
import type { Routes } from '../http/routes';
import { NetworkService } from './network-service';
import { networksRoutes } from './networks.routes';

/** The network service over the compute service's database, clock and live updates. */
export function createNetworkService(computes: ComputeService): NetworkService {
  const { db, clock, live } = computes.deps;
  return new NetworkService({ db, clock, live });
}

export function networkResources(service: NetworkService): Routes[] {
  return [networksRoutes(service)];
}

// Firewalls (server/firewalls): a team's inbound rules on its computes, enforced by the compute driver.
import type { ComputeService } from '../computes';
import type { Routes } from '../http/routes';
import { FirewallService } from './firewall-service';
import { firewallsRoutes } from './firewalls.routes';

export { FirewallService } from './firewall-service';

/** The firewall service over the compute service's database, clock, live updates and driver. */
export function createFirewallService(computes: ComputeService): FirewallService {
  const { db, clock, logger, live, driver } = computes.deps;
  const service = new FirewallService({ db, clock, logger, live, driver });
  computes.onTagsChanged((computeId) => service.enforceOn(computeId));
  return service;
}

export function firewallResources(service: FirewallService): Routes[] {
  return [firewallsRoutes(service)];
}

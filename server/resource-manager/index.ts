// The resource manager service (SPEC §7): computes, domains and DNS records, the console's config, and
// the tickets that open its WebSocket.
import { type BackupService, backupResources } from '../backups';
import type { StorageMeter } from '../billing/storage-meters';
import { type ComputeService, computeResources } from '../computes';
import type { DatabaseHandle } from '../db';
import { type DomainService, domainResources } from '../domains';
import { createFirewallService, firewallResources } from '../firewalls';
import type { Service } from '../http/routes';
import { type ImageService, imageResources } from '../images';
import { type Networks, networkResources } from '../networks';
import { createVolumeService, volumeResources } from '../volumes';
import { appConfigsRoutes } from './app-configs.routes';
import { catalogRoutes } from './catalog.routes';
import { socketTicketsRoutes } from './socket-tickets.routes';

export const RESOURCE_MANAGER_BASE_PATH = '/resource-manager/api/v1';
/** Serial consoles: /resource-manager/console/<computeId>?ticket=… (a WebSocket, see server/socket/console). */
export const CONSOLE_PATH_PREFIX = '/resource-manager/console';

export function resourceManagerService(deps: {
  database: DatabaseHandle;
  version: string;
  supportEmail: string;
  computes: ComputeService;
  domains: DomainService;
  images: ImageService;
  backups: BackupService;
  networks: Networks;
  /** Billing's meter of volumes (and images), told as they are made, grown and deleted. */
  storageMeter: StorageMeter;
}): Service {
  return {
    name: 'Resource manager',
    basePath: RESOURCE_MANAGER_BASE_PATH,
    resources: [
      appConfigsRoutes({
        ...deps,
        computeDriver: deps.computes.driver.info.kind,
        dnsDriver: deps.domains.driver.info.kind,
        nameServers: deps.domains.config.nameServers,
        dnsEndpoint:
          /^[^\s]+:\d+$/.test(deps.domains.driver.info.endpoint) &&
          deps.domains.driver.info.kind === 'embedded'
            ? deps.domains.driver.info.endpoint
            : null,
      }),
      socketTicketsRoutes(),
      ...catalogRoutes(deps.computes.deps.catalog, deps.computes.driver),
      ...computeResources(deps.computes),
      ...imageResources(deps.images),
      ...backupResources(deps.backups),
      ...domainResources(deps.domains),
      ...firewallResources(createFirewallService(deps.computes)),
      ...volumeResources(createVolumeService(deps.computes, deps.storageMeter)),
      ...networkResources(deps.networks),
    ],
  };
}

// The resource manager service (SPEC §7): computes, domains and DNS records, the console's config, and
// the tickets that open its WebSocket.
import type { DatabaseHandle } from '../db';
import type { Service } from '../http/routes';
import { appConfigsRoutes } from './app-configs.routes';
import { socketTicketsRoutes } from './socket-tickets.routes';

export const RESOURCE_MANAGER_BASE_PATH = '/resource-manager/api/v1';

export function resourceManagerService(deps: {
  database: DatabaseHandle;
  version: string;
  supportEmail: string;
}): Service {
  return {
    name: 'Resource manager',
    basePath: RESOURCE_MANAGER_BASE_PATH,
    resources: [appConfigsRoutes(deps), socketTicketsRoutes()],
  };
}

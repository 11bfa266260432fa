// The resource manager service (SPEC §7): computes, domains and DNS records, and the console's config.
import type { DatabaseHandle } from '../db';
import type { Service } from '../http/routes';
import { appConfigsRoutes } from './app-configs.routes';

export const RESOURCE_MANAGER_BASE_PATH = '/resource-manager/api/v1';

export function resourceManagerService(deps: { database: DatabaseHandle; version: string }): Service {
  return {
    name: 'Resource manager',
    basePath: RESOURCE_MANAGER_BASE_PATH,
    resources: [appConfigsRoutes(deps)],
  };
}

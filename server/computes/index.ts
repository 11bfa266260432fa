// The computes part of the resource manager: the catalog, the compute routes, and the service
// that ties them to the compute driver and the live socket.
import { billingStartPolicy, type StartPolicy } from '../billing/start-policy';
import { Catalog } from '../catalog/catalog';
import { catalogRoutes } from '../catalog/catalog.routes';
import type { Database } from '../db';
import { createComputeDriver } from '../drivers/compute';
import type { ComputeConfig } from '../drivers/compute/config';
import { DEFAULT_SIMULATOR_CONFIG } from '../drivers/compute/simulator/simulator-config';
import type { Routes } from '../http/routes';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { computeActionsRoutes } from './compute-actions.routes';
import { ComputeService } from './compute-service';
import { computesRoutes } from './computes.routes';
import { teamSshKeysRoutes } from './ssh-keys.routes';

export { ComputeService } from './compute-service';

export interface ComputesOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  /** Driver, catalog and simulator settings; defaults to the simulator at normal speed. */
  config?: Partial<ComputeConfig>;
  /** Asked before a compute starts or is created; defaults to billing's (not while the balance is empty). */
  startPolicy?: StartPolicy;
}

export function createComputeService(options: ComputesOptions): ComputeService {
  const config: ComputeConfig = {
    computeDriver: 'simulator',
    catalog: undefined,
    simulator: DEFAULT_SIMULATOR_CONFIG,
    ...options.config,
  };
  return new ComputeService({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    live: options.live,
    catalog: new Catalog(config.catalog),
    driver: createComputeDriver(config, { db: options.db, logger: options.logger }),
    startPolicy: options.startPolicy ?? billingStartPolicy,
  });
}

export function computeResources(service: ComputeService): Routes[] {
  return [
    ...catalogRoutes(service.deps.catalog, service.driver),
    computesRoutes(service),
    teamSshKeysRoutes(),
    computeActionsRoutes(service),
  ];
}

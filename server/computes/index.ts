// The computes part of the resource manager: the compute routes, and the service
// that ties them to the compute driver and the live socket.
import { Catalog } from '../catalog/catalog';
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
import type { ReverseDns } from './reverse-dns';
import { teamSshKeysRoutes } from './ssh-keys.routes';
import type { StartPolicy } from './start-policy';

export { ComputeService } from './compute-service';
export { ReverseDns } from './reverse-dns';
export { createReverseNameCheck } from './reverse-name-check';
export type { StartPolicy } from './start-policy';

export interface ComputesOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  /** Driver, catalog and simulator settings; defaults to the simulator at normal speed. */
  config?: Partial<ComputeConfig>;
  /** Asked before a compute starts or is created (app.ts gives billing's); none: always allowed. */
  startPolicy?: StartPolicy;
  /** Reverse DNS for the compute addresses (the server makes it with the DNS driver); none: not served. */
  reverseDns?: ReverseDns;
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
    ...(options.startPolicy ? { startPolicy: options.startPolicy } : {}),
    ...(options.reverseDns ? { reverseDns: options.reverseDns } : {}),
  });
}

export function computeResources(service: ComputeService): Routes[] {
  return [computesRoutes(service), teamSshKeysRoutes(), computeActionsRoutes(service)];
}

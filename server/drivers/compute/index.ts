// Picks the compute driver COMPUTE_DRIVER names. Only the simulator exists so far; a real hypervisor
// adapter implements ComputeDriver (compute-driver.ts) and is added here.
import type { Database } from '../../db';
import type { Logger } from '../../logger';
import type { ComputeDriver } from './compute-driver';
import type { ComputeConfig } from './config';
import { HypervisorSimulator } from './simulator/simulator';

export type { ComputeDriver } from './compute-driver';

export function createComputeDriver(
  config: Pick<ComputeConfig, 'computeDriver' | 'simulator'>,
  deps: { db: Database; logger: Logger },
): ComputeDriver {
  switch (config.computeDriver) {
    case 'simulator':
      return new HypervisorSimulator({ db: deps.db, config: config.simulator, logger: deps.logger });
  }
}

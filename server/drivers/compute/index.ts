// Picks the compute driver COMPUTE_DRIVER names: the embedded hypervisor simulator, or libvirt (real
// virtual machines on QEMU/KVM hosts). Both implement ComputeDriver (compute-driver.ts).
import type { Database } from '../../db';
import type { Logger } from '../../logger';
import type { ComputeDriver } from './compute-driver';
import type { ComputeConfig } from './config';
import { LibvirtDriver } from './libvirt/libvirt-driver';
import { HypervisorSimulator } from './simulator/simulator';

export type { ComputeDriver } from './compute-driver';

export function createComputeDriver(
  config: Pick<ComputeConfig, 'computeDriver' | 'simulator' | 'libvirt'>,
  deps: { db: Database; logger: Logger },
): ComputeDriver {
  switch (config.computeDriver) {
    case 'simulator':
      return new HypervisorSimulator({ db: deps.db, config: config.simulator, logger: deps.logger });
    case 'libvirt':
      if (!config.libvirt) throw new Error('COMPUTE_DRIVER=libvirt needs LIBVIRT_HOSTS.');
      return new LibvirtDriver({ db: deps.db, config: config.libvirt, logger: deps.logger });
  }
}

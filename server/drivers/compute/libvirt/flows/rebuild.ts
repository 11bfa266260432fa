// Rebuild: the machine reinstalled from an image with a new seed (a new cloud-init instance id, so the
// guest sets itself up again with its new keys or password), keeping its domain, hostname, addresses and
// size. The power is cut (the old system is discarded), the next generation's seed and disk are made beside
// the current ones, the domain is switched to them, and only then are the old ones deleted; then the first
// boot of the new disk. A disk that cannot be made leaves the machine in error with the reason, its old disk
// untouched. Resumed after a restart, it does the same again (the seed, once written, is kept).

import { message } from '../../../../i18n/stored-message';
import { waitBooted } from '../boot-wait';
import { domainName } from '../domain-xml';
import {
  diskVolume,
  domainXmlOf,
  generationOf,
  makeVolumes,
  PasswordLost,
  seedVolume,
  startGuest,
} from '../provisioning';
import { VirshError } from '../virsh';
import { Aborted } from './domain-waits';
import { bootBudgetMs, type TransitionFlow } from './flow';

export const rebuildFlow: TransitionFlow = {
  transition: 'rebuild',
  from: ['running', 'stopped', 'error'],
  budgetMs: (config) => 180_000 + bootBudgetMs(config),
  async run(context, row, signal, { rootPassword }) {
    const host = context.hosts.of(row);
    const name = domainName(row.id);
    const generation = generationOf(row);
    await host.forceOff(name);
    context.consoles
      .of(row)
      .setState({ status: 'rebuilding', message: 'A fresh disk is being made from the image.' }, false);
    try {
      await makeVolumes(context, row, signal, rootPassword);
    } catch (error) {
      if (error instanceof Aborted || signal.aborted) throw error;
      context.logger.error({ err: error, machineId: row.id }, 'libvirt rebuild could not make the new disk');
      await host.deleteVolume(diskVolume(row.id, generation)).catch(() => {});
      await host.deleteVolume(seedVolume(row.id, generation)).catch(() => {});
      const detail = error instanceof VirshError ? error.detail : String(error);
      return {
        ok: false,
        state: 'error',
        message:
          error instanceof PasswordLost
            ? message('history.libvirt.rebuildPasswordLost')
            : message('history.libvirt.rebuildDiskFailed', { detail: detail.slice(0, 300) }),
      };
    }
    await host.define(await domainXmlOf(context, row));
    if (generation > 0) {
      await host.deleteVolume(diskVolume(row.id, generation - 1));
      await host.deleteVolume(seedVolume(row.id, generation - 1));
    }
    return waitBooted(context, row, signal, { start: () => startGuest(context, row.id) });
  },
};

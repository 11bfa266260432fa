// Rescue: the machine boots the rescue system (scripts/libvirt/build-rescue-image.sh) with its own disk as the
// second disk. The power is cut (a running system is stopped at once, as Linode and Hetzner do), the rescue
// seed is written (root's keys, the one-time password's crypt, the machine's network), the domain is
// defined to boot the rescue kernel and initramfs (provisioning.ts: while the spec holds `rescue`), then it
// starts and is followed until the rescue system's login line. Resumed after a restart, it does the same
// again (the seed, once written, is kept). Its normal definition is made again from the spec on leaving.

import { message } from '../../../../i18n/stored-message';
import { waitBooted } from '../boot-wait';
import { buildSeedIso } from '../cloud-init-seed';
import { domainName } from '../domain-xml';
import { type StoredSpec, specOf } from '../machine-store';
import { domainXmlOf, rescueSeedOf, rescueSeedVolume, startGuest, volumeExists } from '../provisioning';
import { bootBudgetMs, type TransitionFlow } from './flow';

export const rescueFlow: TransitionFlow = {
  transition: 'rescue',
  from: ['running', 'stopped', 'error'],
  budgetMs: (config) => 60_000 + bootBudgetMs(config),
  async run(context, row, signal) {
    const host = context.hosts.of(row);
    const rescue = specOf(row).rescue;
    if (!rescue || !host.config.rescue) {
      return {
        ok: false,
        state: 'error',
        message: message('history.libvirt.rescueNotSetUp'),
      };
    }
    await host.forceOff(domainName(row.id));
    context.consoles
      .of(row)
      .setState({ status: 'entering_rescue', message: 'The rescue system is booting.' }, false);
    if (!(await volumeExists(host, rescueSeedVolume(row.id)))) {
      const seed = await buildSeedIso(await rescueSeedOf(context, row, rescue.passwordCrypt));
      await host.uploadVolume(rescueSeedVolume(row.id), seed);
    }
    await host.define(await domainXmlOf(context, row));
    const outcome = await waitBooted(context, row, signal, { start: () => startGuest(context, row.id) });
    if (outcome.ok) return { ...outcome, state: 'rescue' };
    // The rescue system did not come up: the domain is the machine's own again, so powering it on boots it.
    const { rescue: _rescue, ...normal }: StoredSpec = specOf(row);
    const restored = (await context.store.update(row.id, {
      spec: normal as unknown as Record<string, unknown>,
    }))!;
    await domainXmlOf(context, restored)
      .then((xml) => host.define(xml))
      .catch(() => {});
    await host.deleteVolume(rescueSeedVolume(row.id)).catch(() => {});
    return { ...outcome, state: outcome.state === 'running' ? 'error' : outcome.state };
  },
};

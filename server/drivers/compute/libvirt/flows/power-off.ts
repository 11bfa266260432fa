// Power off (forced): `virsh destroy`, then libvirt's word that the domain is off.

import { message } from '../../../../i18n/stored-message';
import { domainName } from '../domain-xml';
import { deadlineOf, type TransitionFlow } from './flow';
import { currentState } from './machine-state';

export const powerOffFlow: TransitionFlow = {
  transition: 'power_off',
  from: ['running'],
  budgetMs: () => 60_000,
  async run(context, row, signal) {
    await context.hosts.of(row).forceOff(domainName(row.id));
    const stopped = await context.waits.until(row.id, deadlineOf(context, row), signal, async () =>
      ['stopped', 'absent'].includes(await currentState(context, row)),
    );
    return stopped
      ? { ok: true, message: null, state: 'stopped' }
      : {
          ok: false,
          message: message('history.libvirt.powerOffUnconfirmed'),
          state: await currentState(context, row),
        };
  },
};

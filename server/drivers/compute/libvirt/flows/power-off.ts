// Power off (forced): `virsh destroy`, then libvirt's word that the domain is off.

import { message } from '../../../../i18n/stored-message';
import { domainName } from '../domain-xml';
import { VirshError } from '../virsh';
import { deadlineOf, type TransitionFlow } from './flow';
import { currentState } from './machine-state';

export const powerOffFlow: TransitionFlow = {
  transition: 'power_off',
  from: ['running'],
  budgetMs: () => 60_000,
  async run(context, row, signal) {
    try {
      await context.hosts.of(row).run(['destroy', domainName(row.id)], 60_000);
    } catch (error) {
      if (!(error instanceof VirshError && (error.notRunning || error.noDomain))) throw error;
    }
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

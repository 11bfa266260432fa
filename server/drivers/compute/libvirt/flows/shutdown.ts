// Shutdown: the ACPI power button pressed, then libvirt's word that the domain is off, or a failure naming
// the reason once LIBVIRT_SHUTDOWN_TIMEOUT has passed.

import { message } from '../../../../i18n/stored-message';
import { domainName } from '../domain-xml';
import type { TransitionFlow } from './flow';
import { deadlineOf } from './flow';
import { currentState } from './machine-state';

export const shutdownFlow: TransitionFlow = {
  transition: 'shutdown',
  from: ['running'],
  budgetMs: (config) => config.shutdownTimeoutSeconds * 1000,
  async request(host, row) {
    await host.run(['shutdown', domainName(row.id), '--mode', 'acpi'], 30_000);
  },
  async run(context, row, signal) {
    const stopped = await context.waits.until(row.id, deadlineOf(context, row), signal, async () =>
      ['stopped', 'absent'].includes(await currentState(context, row)),
    );
    if (stopped) return { ok: true, message: null, state: 'stopped' };
    const seconds = context.config.shutdownTimeoutSeconds;
    return {
      ok: false,
      message: message('history.libvirt.shutdownTimeout', { seconds }),
      state: await currentState(context, row),
    };
  },
};

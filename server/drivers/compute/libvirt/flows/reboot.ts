// Reboot: an ACPI reboot. The guest shuts down on the request and libvirt starts it again; its reset is
// libvirt's reboot event. Complete once the guest has booted again.

import { message } from '../../../../i18n/stored-message';
import { waitBooted } from '../boot-wait';
import { domainName } from '../domain-xml';
import { bootBudgetMs, type TransitionFlow } from './flow';
import { currentState } from './machine-state';

export const rebootFlow: TransitionFlow = {
  transition: 'reboot',
  from: ['running'],
  budgetMs: (config) => config.shutdownTimeoutSeconds * 1000 + bootBudgetMs(config),
  async request(host, row, context) {
    context.waits.resetReboots(row.id);
    await host.run(['reboot', domainName(row.id), '--mode', 'acpi'], 30_000);
  },
  async run(context, row, signal, { resumed }) {
    if (resumed) return waitBooted(context, row, signal, { nudge: true });
    const seconds = context.config.shutdownTimeoutSeconds;
    const reset = await context.waits.until(row.id, Date.now() + seconds * 1000, signal, async () => {
      if (context.waits.rebootsSeen(row.id) > 0) return true;
      return (await currentState(context, row)) !== 'running';
    });
    const state = await currentState(context, row);
    if (!reset) {
      return {
        ok: false,
        message: message('history.libvirt.rebootTimeout', { seconds }),
        state,
      };
    }
    if (state !== 'running') {
      return { ok: false, message: message('history.libvirt.stoppedInsteadOfRestarting'), state };
    }
    return waitBooted(context, row, signal, {});
  },
};

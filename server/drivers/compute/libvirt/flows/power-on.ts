// Power on: the domain started (paused until its console is read) and the guest booted. A machine whose
// provisioning failed before libvirt had it is made again; one left paused or crashed starts afresh.
import { waitBooted } from '../boot-wait';
import { startGuest } from '../provisioning';
import { bootBudgetMs, type TransitionFlow } from './flow';
import { currentState } from './machine-state';
import { provisionMachine } from './provision';

export const powerOnFlow: TransitionFlow = {
  transition: 'power_on',
  from: ['stopped', 'error'],
  budgetMs: bootBudgetMs,
  async run(context, row, signal, { resumed }) {
    const state = await currentState(context, row);
    if (state === 'absent') return provisionMachine(context, row, signal, undefined);
    if (state === 'running') {
      return resumed ? waitBooted(context, row, signal, { nudge: true }) : { ok: true, message: null, state };
    }
    return waitBooted(context, row, signal, { start: () => startGuest(context, row.id) });
  },
};

// Provision (create): the disk, the seed and the domain made on the host the machine was placed on, then
// its first boot. Resumed after a restart, it carries on from what libvirt already has.

import { message } from '../../../../i18n/stored-message';
import { waitBooted } from '../boot-wait';
import { restingState } from '../domain-state';
import { domainName } from '../domain-xml';
import type { LibvirtMachineRow } from '../machine-store';
import { makeDomain, PasswordLost, startGuest } from '../provisioning';
import { domainStatus } from '../virsh';
import { bootBudgetMs, type FlowContext, type Outcome, type RunOptions, type TransitionFlow } from './flow';

export async function provisionMachine(
  context: FlowContext,
  row: LibvirtMachineRow,
  signal: AbortSignal,
  rootPassword: string | undefined,
): Promise<Outcome> {
  const host = context.hosts.of(row);
  if (host.problem) throw new Error(`host ${host.name}: ${host.problem}`);
  const status = await domainStatus(host.uri, domainName(row.id));
  if (status.state === 'absent') {
    try {
      await makeDomain(context, row, signal, rootPassword);
    } catch (error) {
      if (!(error instanceof PasswordLost)) throw error;
      return {
        ok: false,
        message: message('history.libvirt.provisionPasswordLost'),
        state: 'error',
      };
    }
    return waitBooted(context, row, signal, { start: () => startGuest(context, row.id) });
  }
  // Made before a restart: a domain that runs may be booted already; one that does not is started.
  const running = restingState(status.state) === 'running';
  return waitBooted(
    context,
    row,
    signal,
    running ? { nudge: true } : { start: () => startGuest(context, row.id) },
  );
}

export const provisionFlow: TransitionFlow = {
  transition: 'provision',
  from: [],
  budgetMs: bootBudgetMs,
  run: (context, row, signal, options: RunOptions) =>
    provisionMachine(context, row, signal, options.rootPassword),
};

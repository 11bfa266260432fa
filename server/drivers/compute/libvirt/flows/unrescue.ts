// Leaving rescue: the rescue system is stopped, the domain defined again as the machine's own (its disk
// first, its seed second, booting from the disk), the rescue seed deleted, and the machine's own system
// booted. Resumed after a restart, it does the same again. A rescue system someone powered off from inside
// (`poweroff` in its shell) leaves the domain off with the compute still in rescue mode: leaving works from
// there too, and boots the compute's own system.
import { waitBooted } from '../boot-wait';
import { domainName } from '../domain-xml';
import { type StoredSpec, specOf } from '../machine-store';
import { domainXmlOf, rescueSeedVolume, startGuest } from '../provisioning';
import { bootBudgetMs, type TransitionFlow } from './flow';

export const unrescueFlow: TransitionFlow = {
  transition: 'unrescue',
  from: ['rescue', 'stopped'],
  budgetMs: (config) => 60_000 + bootBudgetMs(config),
  async run(context, row, signal) {
    const host = context.hosts.of(row);
    await host.forceOff(domainName(row.id));
    const { rescue: _rescue, ...normal }: StoredSpec = specOf(row);
    const restored = (await context.store.update(row.id, {
      spec: normal as unknown as Record<string, unknown>,
    }))!;
    await host.define(await domainXmlOf(context, restored));
    await host.deleteVolume(rescueSeedVolume(row.id));
    return waitBooted(context, restored, signal, { start: () => startGuest(context, row.id) });
  },
};

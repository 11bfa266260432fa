// Destroy: the domain stopped and undefined, its disk and seed deleted. Whatever was under way is
// abandoned first (by the flow engine).
import { domainName } from '../domain-xml';
import { diskVolume, generationOf, rescueSeedVolume, seedVolume } from '../provisioning';
import { VirshError } from '../virsh';
import type { TransitionFlow } from './flow';

export const destroyFlow: TransitionFlow = {
  transition: 'destroy',
  from: [],
  budgetMs: () => 300_000,
  async run(context, row) {
    const host = context.hosts.of(row);
    const name = domainName(row.id);
    await host.forceOff(name);
    try {
      await host.run(['undefine', name], 60_000);
    } catch (error) {
      if (!(error instanceof VirshError && error.noDomain)) throw error;
    }
    await context.firewalls.remove(host, row.id);
    // The current generation, and the one a rebuild left beside it when it failed before switching.
    const generation = generationOf(row);
    for (const made of new Set([generation, Math.max(generation - 1, 0)])) {
      await host.deleteVolume(diskVolume(row.id, made));
      await host.deleteVolume(seedVolume(row.id, made));
    }
    await host.deleteVolume(rescueSeedVolume(row.id));
    return { ok: true, message: null, state: 'absent' };
  },
};

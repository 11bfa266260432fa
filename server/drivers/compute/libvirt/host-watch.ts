// Which hosts answer, watched: every few seconds each host is asked whether libvirt is there (a bounded
// `virsh version`). A host that stops answering takes no new machines and its machines at rest show
// `unreachable` (neither running nor stopped: nobody can tell); when it answers again it is checked again
// (pool, acceleration) and each of its machines shows what libvirt then says of it. Everything else goes on.

import { message } from '../../../i18n/stored-message';
import type { MachineEventListener } from '../compute-driver';
import { restingConsoleState } from './consoles';
import { restingState } from './domain-state';
import { domainName } from './domain-xml';
import type { FlowContext } from './flows/flow';
import type { FlowEngine } from './flows/flow-engine';
import { withExtras } from './flows/flow-engine';
import { inRescueWhenRunning } from './flows/machine-state';
import type { HostConnection } from './host-connection';
import { statusOf } from './machine-store';

export class HostWatch {
  listener: MachineEventListener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = true;
  /** The hosts whose machines were shown unreachable, until they are shown again. */
  private readonly away = new Set<string>();

  constructor(
    private readonly context: FlowContext,
    private readonly engine: FlowEngine,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      this.ticking ??= this.tick().finally(() => {
        this.ticking = undefined;
      });
    }, this.context.config.hostCheckSeconds * 1000);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
  }

  /** One round: every host probed at once (so one that hangs delays no other), then its machines told. */
  async tick(): Promise<void> {
    // A host another server sharing the database drained (or undrained) is seen here within a round.
    await this.context.hosts.readDrained().catch(() => {});
    await Promise.all(
      this.context.hosts.all().map(async (host) => {
        const answers = await host.probe();
        if (this.stopped) return;
        if (!answers) {
          if (!this.away.has(host.name)) {
            this.context.logger.error(
              { host: host.name, uri: host.uri },
              `libvirt host ${host.name} does not answer: its computes show "host unreachable" until it does (${host.problem})`,
            );
          }
          await this.markUnreachable(host);
        } else if (this.away.has(host.name)) {
          if (host.problem !== undefined) await host.check();
          if (host.unreachable) return;
          this.context.logger.info(
            { host: host.name, uri: host.uri },
            `libvirt host ${host.name} answers again`,
          );
          await this.markReturned(host);
          this.away.delete(host.name);
        }
      }),
    ).catch((error: unknown) =>
      this.context.logger.warn({ err: error }, 'could not watch the libvirt hosts'),
    );
  }

  /** The host's machines at rest show `unreachable` (those in a transition are left to its outcome). */
  async markUnreachable(host: HostConnection): Promise<void> {
    this.away.add(host.name);
    const { store, consoles } = this.context;
    const rows = (await store.all()).filter(
      (row) => row.host === host.name && !row.transition && row.state !== 'unreachable',
    );
    for (const row of rows) {
      if (this.engine.busy(row.id)) continue;
      const updated = (await store.update(row.id, { state: 'unreachable' }))!;
      consoles.existing(row.id)?.setState(restingConsoleState(updated, 'unreachable'), false);
      await this.listener?.({
        type: 'machine.changed',
        machineId: row.id,
        status: withExtras(statusOf(updated), updated),
        message: message('computes.lifecycle.unreachable'),
      });
    }
  }

  /** The host answers again: each of its machines shows what libvirt says of it now. */
  private async markReturned(host: HostConnection): Promise<void> {
    const { store, consoles } = this.context;
    const rows = (await store.all()).filter((row) => row.host === host.name && row.state === 'unreachable');
    if (rows.length === 0) return;
    const states = await host.domainStates();
    for (const row of rows) {
      const state = inRescueWhenRunning(row, restingState(states.get(domainName(row.id)) ?? 'absent'));
      // A domain gone from its host while it was away can only be destroyed.
      const now = state === 'absent' ? 'error' : state;
      const updated = (await store.update(row.id, { state: now }))!;
      consoles.existing(row.id)?.setState(restingConsoleState(updated, now), now === 'running');
      await this.listener?.({
        type: 'machine.changed',
        machineId: row.id,
        status: withExtras(statusOf(updated), updated),
        message:
          state === 'absent'
            ? message('history.libvirt.hostBackWithoutMachine')
            : message('history.libvirt.hostBack', { state: now }),
      });
    }
  }
}

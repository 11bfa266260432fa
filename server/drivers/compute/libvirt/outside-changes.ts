// What libvirt says on its own: a machine at rest that changed outside any transition (the guest shut
// itself down, QEMU paused it, someone used virsh) is reported to the control plane with the reason, from
// libvirt's events as they come and, after a restart, from one listing per host.

import { type CatalogMessage, message, type StoredValue } from '../../../i18n/stored-message';
import type { MachineEventListener } from '../compute-driver';
import { restingConsoleState } from './consoles';
import type { DomainEvent } from './domain-events';
import { describeStatus, restingState } from './domain-state';
import { domainName } from './domain-xml';
import type { FlowContext } from './flows/flow';
import type { FlowEngine } from './flows/flow-engine';
import { withExtras } from './flows/flow-engine';
import { inRescueWhenRunning } from './flows/machine-state';
import { statusOf } from './machine-store';
import { type DomainStatus, domainStatus } from './virsh';

/** The detail of a change noticed after a restart rather than from an event. */
const WHILE_DOWN = 'while the server was down';

function machineIdOf(domain: string): string | undefined {
  return /^ikirere-([0-9a-f-]{36})$/.exec(domain)?.[1];
}

export class OutsideChanges {
  listener: MachineEventListener | undefined;

  constructor(
    private readonly context: FlowContext,
    private readonly engine: FlowEngine,
  ) {}

  onDomainEvent(event: DomainEvent): void {
    const machineId = machineIdOf(event.domain);
    if (!machineId) return;
    this.context.waits.noteEvent(machineId, event.kind);
    if (event.kind === 'lifecycle' && !this.engine.busy(machineId)) {
      void this.notice(machineId, event.detail).catch((error: unknown) =>
        this.context.logger.warn({ err: error, machineId }, 'could not follow a libvirt event'),
      );
    }
  }

  /** A machine at rest changed on its own: stored, shown on its console, told to the control plane. */
  async notice(machineId: string, detail: string): Promise<void> {
    const { store, hosts, consoles } = this.context;
    const row = await store.find(machineId);
    if (!row || row.transition || this.engine.busy(machineId)) return;
    const status = await domainStatus(hosts.of(row).uri, domainName(machineId));
    const state = inRescueWhenRunning(row, restingState(status.state));
    if (state === 'absent' || state === row.state) return;
    const updated = (await store.update(machineId, { state }))!;
    consoles.existing(machineId)?.setState(restingConsoleState(updated, state), state === 'running');
    await this.listener?.({
      type: 'machine.changed',
      machineId,
      status: withExtras(statusOf(updated), updated),
      message: changeMessage(status, detail),
    });
  }

  /** After a restart: machines at rest are compared with libvirt, one listing per host. */
  async reconcile(): Promise<void> {
    const rows = (await this.context.store.all()).filter((row) => !row.transition);
    for (const host of this.context.hosts.usable()) {
      let states: Awaited<ReturnType<typeof host.domainStates>>;
      try {
        states = await host.domainStates();
      } catch (error) {
        this.context.logger.warn(
          { err: error, host: host.name },
          'could not list the domains of a libvirt host',
        );
        continue;
      }
      for (const row of rows.filter((entry) => entry.host === host.name)) {
        const state = inRescueWhenRunning(row, restingState(states.get(domainName(row.id)) ?? 'absent'));
        if (state !== 'absent' && state !== row.state) await this.notice(row.id, WHILE_DOWN);
      }
    }
  }
}

function changeMessage(status: DomainStatus, detail: string): CatalogMessage {
  const state = restingState(status.state);
  // Noticed after a restart, libvirt has no event to tell why: the history says when instead.
  const why: StoredValue =
    detail === WHILE_DOWN ? { id: 'history.libvirt.whileDown' } : detail || describeStatus(status);
  if (state === 'stopped') {
    return /Shutdown/i.test(detail)
      ? message('history.libvirt.shutByGuest')
      : message('history.libvirt.stoppedOutside', { detail: why });
  }
  if (state === 'running') return message('history.libvirt.startedOutside');
  if (status.state === 'paused') {
    return message('history.libvirt.paused', { detail: describeStatus(status) });
  }
  return message('history.libvirt.crashed', { detail: why });
}

// The flow engine: how every transition runs. `begin` records it as under way (refused when the machine is
// busy or in the wrong state), `run` carries its flow out in the background, `resume` picks up a stored one
// after a restart, and `finish` stores how it ended and tells the console and the control plane, once.
// Transitions under way are kept in libvirt_machines, so a restart loses none.

import { type CatalogMessage, message } from '../../../../i18n/stored-message';
import type { MachineEventListener, MachineState, MachineStatus, Transition } from '../../compute-driver';
import { MachineStateError } from '../../compute-driver';
import { CONSOLE_STATUS, restingConsoleState } from '../consoles';
import { type LibvirtMachineRow, statusOf, storedOutcome } from '../machine-store';
import { forgetSamples } from '../usage-samples';
import { VirshError } from '../virsh';
import { Aborted } from './domain-waits';
import type { FlowContext, Outcome, RunOptions, TransitionFlow } from './flow';
import { FLOWS } from './index';
import { currentState } from './machine-state';

interface Running {
  transition: Transition;
  abort: AbortController;
  done: Promise<void>;
}

export class FlowEngine {
  private readonly running = new Map<string, Running>();
  private listener: MachineEventListener | undefined;
  private stopped = false;

  constructor(private readonly context: FlowContext) {}

  /** Outcomes are reported to `listener` from now on. */
  open(listener: MachineEventListener): void {
    this.listener = listener;
    this.stopped = false;
  }

  /** Whether a flow of this server works on the machine now. */
  busy(machineId: string): boolean {
    return this.running.has(machineId);
  }

  /** Begins a power transition: recorded as under way, asked of libvirt, then followed to its outcome. */
  async start(
    machineId: string,
    flow: TransitionFlow,
    options: { values?: Partial<LibvirtMachineRow>; rootPassword?: string } = {},
  ): Promise<void> {
    const row = await this.begin(machineId, flow, options.values);
    if (flow.request) {
      try {
        await flow.request(this.context.hosts.of(row), row, this.context);
      } catch (error) {
        await this.abandon(row, error);
      }
    }
    this.run(row, flow, { resumed: false, rootPassword: options.rootPassword });
  }

  /**
   * Records a power transition as under way (refused when the machine is busy or in the wrong state), with
   * what it changes of the machine's record (a rebuild's new spec).
   */
  private async begin(
    machineId: string,
    flow: TransitionFlow,
    values: Partial<LibvirtMachineRow> = {},
  ): Promise<LibvirtMachineRow> {
    const { store } = this.context;
    const row = await store.find(machineId);
    if (!row) throw new MachineStateError('The hypervisor has no such machine.');
    if (row.transition || this.running.has(machineId)) {
      throw new MachineStateError(
        `The machine is busy (${(row.transition ?? 'working').replace('_', ' ')}).`,
      );
    }
    const actual = await currentState(this.context, row);
    const state: MachineState = actual === 'absent' ? 'error' : actual;
    if (!flow.from.includes(state)) {
      throw new MachineStateError(`A ${state} machine cannot ${flow.transition.replace('_', ' ')}.`);
    }
    const now = new Date();
    const updated = (await store.update(machineId, {
      ...values,
      state,
      transition: flow.transition,
      transitionStartedAt: now,
      transitionDeadline: new Date(now.getTime() + flow.budgetMs(this.context.config)),
    }))!;
    this.context.consoles
      .of(updated)
      .setState({ status: CONSOLE_STATUS[flow.transition] }, state === 'running');
    return updated;
  }

  /** libvirt refused the request itself: the transition ends now, as failed, and the caller hears why. */
  private async abandon(row: LibvirtMachineRow, error: unknown): Promise<never> {
    await this.context.store.update(row.id, {
      transition: null,
      transitionStartedAt: null,
      transitionDeadline: null,
    });
    const detail = error instanceof VirshError ? error.detail : String(error);
    throw new MachineStateError(`libvirt refused (${detail}).`);
  }

  /** Stops the machine's flow, if any, and waits for it to let go (destroy abandons what was under way). */
  async abort(machineId: string): Promise<void> {
    const previous = this.running.get(machineId);
    previous?.abort.abort();
    await previous?.done;
  }

  /** A transition stored as under way before a restart: its flow carries on from what libvirt has. */
  resume(row: LibvirtMachineRow): void {
    this.run(row, FLOWS[row.transition as Transition], { resumed: true });
  }

  /** Carries the flow out in the background; its outcome (or its failure) is finished once. */
  run(row: LibvirtMachineRow, flow: TransitionFlow, options: RunOptions): void {
    const { transition } = flow;
    const abort = new AbortController();
    const done = (async () => {
      let outcome: Outcome;
      try {
        outcome = await flow.run(this.context, row, abort.signal, options);
      } catch (error) {
        if (error instanceof Aborted || abort.signal.aborted) return;
        this.context.logger.error({ err: error, machineId: row.id, transition }, 'libvirt transition failed');
        const state = await currentState(this.context, row).catch(() => 'error' as const);
        outcome = {
          ok: false,
          message: failureMessage(transition, error),
          state: transition === 'provision' && state !== 'running' ? 'error' : state,
        };
      }
      if (abort.signal.aborted) return;
      await this.finish(row.id, transition, outcome);
    })().finally(() => {
      if (this.running.get(row.id)?.done === done) this.running.delete(row.id);
    });
    this.running.set(row.id, { transition, abort, done });
  }

  /** Stores how the transition ended, then tells the console and the control plane. */
  private async finish(machineId: string, transition: Transition, outcome: Outcome): Promise<void> {
    if (this.stopped) return;
    const { store, consoles, waits, db } = this.context;
    const current = await store.find(machineId);
    if (!current || current.transition !== transition) return;
    const at = new Date();
    const lastOutcome = { transition, ok: outcome.ok, message: outcome.message, at };
    let status: MachineStatus;
    if (outcome.state === 'absent' && transition === 'destroy') {
      await store.remove(machineId);
      await forgetSamples(db, machineId);
      consoles.end(machineId, 'The compute was destroyed.');
      waits.forget(machineId);
      status = { state: 'absent', transition: null, ipv4: null, ipv6: null, lastOutcome };
    } else {
      const state = outcome.state === 'absent' ? 'error' : outcome.state;
      const row = (await store.update(machineId, {
        state,
        transition: null,
        transitionStartedAt: null,
        transitionDeadline: null,
        lastOutcome: storedOutcome(lastOutcome),
      }))!;
      status = withExtras(statusOf(row), row);
      const resting = restingConsoleState(row, state);
      consoles
        .existing(machineId)
        ?.setState(
          outcome.ok ? resting : { ...resting, message: outcome.message?.text ?? resting.message },
          state === 'running',
        );
    }
    await this.listener?.(
      outcome.ok
        ? { type: 'transition.completed', machineId, transition, status }
        : {
            type: 'transition.failed',
            machineId,
            transition,
            message: outcome.message ?? message('history.libvirt.transitionFailedPlain'),
            status,
          },
    );
  }

  /** Aborts every flow (the machines stay as they are: a restart resumes them) and reports nothing more. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const flow of this.running.values()) flow.abort.abort();
    await Promise.allSettled([...this.running.values()].map((flow) => flow.done));
  }
}

/** Where a machine is reached and how it runs, as the control plane keeps them with the compute. */
export function addressesOf(row: LibvirtMachineRow) {
  return {
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    sshPort: row.sshPort,
    acceleration: row.acceleration as 'kvm' | 'emulated',
  };
}

export function withExtras(status: MachineStatus, row: LibvirtMachineRow): MachineStatus {
  return { ...status, ...addressesOf(row) };
}

function failureMessage(transition: Transition, error: unknown): CatalogMessage {
  const detail =
    error instanceof VirshError ? error.detail : error instanceof Error ? error.message : String(error);
  return message('history.libvirt.transitionFailed', { transition, detail: detail.slice(0, 300) });
}

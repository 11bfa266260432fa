// Which power actions a compute takes in which status, what it shows meanwhile, and how a refusal reads.
import type { ComputeStatus, PowerAction } from '@/contract/computes';
import type { MachineStatus, Transition } from '../drivers/compute/compute-driver';

export const TRANSITIONAL_STATUSES: readonly ComputeStatus[] = [
  'provisioning',
  'stopping',
  'starting',
  'rebooting',
  'destroying',
];

export const POWER_ACTIONS: Record<PowerAction, { from: readonly ComputeStatus[]; during: ComputeStatus }> = {
  power_on: { from: ['stopped', 'error'], during: 'starting' },
  shutdown: { from: ['running'], during: 'stopping' },
  power_off: { from: ['running'], during: 'stopping' },
  reboot: { from: ['running'], during: 'rebooting' },
};

/** The history action a transition belongs to (creating a compute is its provisioning). */
export function historyActionOf(transition: Transition): string {
  return transition === 'provision' ? 'create' : transition;
}

export function transitionOfAction(action: string): Transition | undefined {
  if (action === 'create') return 'provision';
  return (['power_on', 'shutdown', 'power_off', 'reboot', 'destroy'] as const).find(
    (name) => name === action,
  );
}

/** The status a compute shows while the transition runs. */
export function statusDuring(transition: Transition): ComputeStatus {
  if (transition === 'provision') return 'provisioning';
  if (transition === 'destroy') return 'destroying';
  return POWER_ACTIONS[transition].during;
}

/** The status once the machine rests: its state, or destroyed when it is gone. */
export function statusAfter(machine: MachineStatus, transition: Transition, ok: boolean): ComputeStatus {
  if (machine.state === 'absent') return transition === 'destroy' && ok ? 'destroyed' : 'error';
  if (machine.state === 'provisioning') return 'error';
  return machine.state;
}

const VERB: Record<PowerAction, string> = {
  power_on: 'power it on',
  shutdown: 'shut it down',
  power_off: 'power it off',
  reboot: 'reboot it',
};

/** Why this action cannot be taken now, in words, or undefined when it can. */
export function actionRefusal(action: PowerAction, status: ComputeStatus): string | undefined {
  if (POWER_ACTIONS[action].from.includes(status)) return undefined;
  const verb = VERB[action];
  switch (status) {
    case 'running':
      return 'The compute is already running.';
    case 'stopped':
      return action === 'reboot'
        ? 'The compute is stopped; power it on instead.'
        : 'The compute is already stopped.';
    case 'stopping':
      return action === 'power_on'
        ? 'The compute is stopping; wait until it is stopped to power it on.'
        : 'The compute is already stopping.';
    case 'starting':
      return action === 'power_on'
        ? 'The compute is already starting.'
        : `The compute is starting; wait until it is running to ${verb}.`;
    case 'rebooting':
      return `The compute is rebooting; wait until it is running to ${verb}.`;
    case 'provisioning':
      return action === 'power_on'
        ? 'The compute is still being provisioned; it starts on its own when it is ready.'
        : `The compute is still being provisioned; wait until it is running to ${verb}.`;
    case 'error':
      return 'The compute is in error; power it on or destroy it.';
    default:
      return 'The compute is being destroyed.';
  }
}

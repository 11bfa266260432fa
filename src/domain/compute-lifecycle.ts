// A compute's lifecycle, once for both sides: which power actions each status allows, the status a compute
// shows while an action runs and once it succeeded, and why an action is refused, in words. The server's
// compute service enforces it (a refusal is its 409) and the console offers only what it allows.
import type { ComputeStatus, InstanceType, PowerAction } from '@/contract/computes';

/** The statuses of a compute with a transition under way: no power action is taken until it settles. */
export const TRANSITIONAL_STATUSES: readonly ComputeStatus[] = [
  'provisioning',
  'stopping',
  'starting',
  'rebooting',
  'rebuilding',
  'resizing',
  'destroying',
];

export interface PowerRule {
  /** The statuses the action may start from. */
  from: readonly ComputeStatus[];
  /** The status while it runs. */
  during: ComputeStatus;
  /** The status once it succeeded. */
  after: ComputeStatus;
}

/** A compute in error (its last action failed) is powered on again, or destroyed. */
export const POWER_RULES: Record<PowerAction, PowerRule> = {
  power_on: { from: ['stopped', 'error'], during: 'starting', after: 'running' },
  shutdown: { from: ['running'], during: 'stopping', after: 'stopped' },
  power_off: { from: ['running'], during: 'stopping', after: 'stopped' },
  reboot: { from: ['running'], during: 'rebooting', after: 'running' },
};

/** The order the console offers them in: the gentle action before the forced one. */
const OFFER_ORDER: readonly PowerAction[] = ['power_on', 'shutdown', 'reboot', 'power_off'];

/** The power actions a compute in `status` takes, in the order they are offered. */
export function availablePowerActions(status: ComputeStatus): PowerAction[] {
  return OFFER_ORDER.filter((action) => POWER_RULES[action].from.includes(status));
}

/**
 * Rebuild: a fresh disk from an image (the same or another) and a new seed, keeping the compute's id,
 * hostname, addresses and plan. From rest only (a compute in error is rebuilt to recover it); it comes
 * back running.
 */
export const REBUILD_RULE: PowerRule = {
  from: ['running', 'stopped', 'error'],
  during: 'rebuilding',
  after: 'running',
};

/**
 * The other lifecycle transitions (creating, rebuilding, resizing, destroying) and the status each shows
 * meanwhile.
 */
export type LifecycleTransition = PowerAction | 'provision' | 'rebuild' | 'resize' | 'destroy';

/** The status a compute shows while the transition runs. */
export function statusDuring(transition: LifecycleTransition): ComputeStatus {
  if (transition === 'provision') return 'provisioning';
  if (transition === 'destroy') return 'destroying';
  if (transition === 'rebuild') return REBUILD_RULE.during;
  if (transition === 'resize') return RESIZE_RULE.during;
  return POWER_RULES[transition].during;
}

/** Whether a compute in `status` may be rebuilt now. */
export function mayRebuild(status: ComputeStatus): boolean {
  return REBUILD_RULE.from.includes(status);
}

/** Why a compute in `status` cannot be rebuilt now, in words, or undefined when it can. */
export function rebuildRefusal(status: ComputeStatus): string | undefined {
  if (mayRebuild(status)) return undefined;
  switch (status) {
    case 'rebuilding':
      return 'The compute is already being rebuilt.';
    case 'provisioning':
      return 'The compute is still being provisioned; wait until it is running to rebuild it.';
    case 'destroying':
    case 'destroyed':
      return 'The compute is being destroyed; it cannot be rebuilt.';
    default:
      return `The compute is ${status}; wait until it is running or stopped to rebuild it.`;
  }
}

/** Resizing (another plan) takes a stopped compute and leaves it stopped: the console powers it on after, if asked. */
export const RESIZE_RULE: PowerRule = { from: ['stopped'], during: 'resizing', after: 'stopped' };

/** Why the compute cannot be resized now, in words, or undefined when it can. */
export function resizeRefusal(status: ComputeStatus): string | undefined {
  if (RESIZE_RULE.from.includes(status)) return undefined;
  switch (status) {
    case 'running':
      return 'The compute is running: power it off first (a resize needs it stopped).';
    case 'resizing':
      return 'The compute is already being resized.';
    case 'error':
      return 'The compute is in error: power it on (or destroy it) before resizing.';
    case 'destroying':
    case 'destroyed':
      return 'The compute is being destroyed.';
    default:
      return 'The compute is busy; wait until it is stopped to resize it.';
  }
}

/** The part of a plan a resize looks at. */
export type PlanSize = Pick<InstanceType, 'id' | 'vcpus' | 'memoryMb' | 'diskGb'>;

/** Why a compute on plan `current` cannot move to plan `next` (a disk only grows), or undefined when it can. */
export function planChangeRefusal(current: PlanSize, next: PlanSize): string | undefined {
  if (next.id === current.id) return 'The compute already has this plan.';
  if (next.diskGb < current.diskGb) {
    return `This plan's disk (${next.diskGb} GB) is smaller than the compute's (${current.diskGb} GB): a disk only grows.`;
  }
  return undefined;
}

const VERB: Record<PowerAction, string> = {
  power_on: 'power it on',
  shutdown: 'shut it down',
  power_off: 'power it off',
  reboot: 'reboot it',
};

/** Why this action cannot be taken now, in words, or undefined when it can. */
export function powerActionRefusal(action: PowerAction, status: ComputeStatus): string | undefined {
  if (POWER_RULES[action].from.includes(status)) return undefined;
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
    case 'rebuilding':
      return `The compute is being rebuilt; wait until it is running to ${verb}.`;
    case 'resizing':
      return `The compute is being resized; wait until it is stopped to ${verb}.`;
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

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
  'entering_rescue',
  'leaving_rescue',
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
export type LifecycleTransition =
  | PowerAction
  | 'provision'
  | 'rebuild'
  | 'resize'
  | 'rescue'
  | 'unrescue'
  | 'destroy';

/** The status a compute shows while the transition runs. */
export function statusDuring(transition: LifecycleTransition): ComputeStatus {
  if (transition === 'provision') return 'provisioning';
  if (transition === 'destroy') return 'destroying';
  if (transition === 'rebuild') return REBUILD_RULE.during;
  if (transition === 'resize') return RESIZE_RULE.during;
  if (transition === 'rescue') return RESCUE_RULE.during;
  if (transition === 'unrescue') return UNRESCUE_RULE.during;
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
    case 'entering_rescue':
    case 'rescue':
    case 'leaving_rescue':
      return 'The compute is in rescue mode: leave rescue mode before rebuilding it.';
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
    case 'entering_rescue':
    case 'rescue':
    case 'leaving_rescue':
      return 'The compute is in rescue mode: leave rescue mode and power it off before resizing.';
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
    case 'entering_rescue':
      return `The compute is booting its rescue system; leave rescue mode once it is up to ${verb}.`;
    case 'rescue':
      return `The compute is in rescue mode: leave rescue mode (it boots normally) to ${verb}.`;
    case 'leaving_rescue':
      return `The compute is leaving rescue mode; wait until it is running to ${verb}.`;
    case 'provisioning':
      return action === 'power_on'
        ? 'The compute is still being provisioned; it starts on its own when it is ready.'
        : `The compute is still being provisioned; wait until it is running to ${verb}.`;
    case 'error':
      return 'The compute is in error; power it on or destroy it.';
    case 'unreachable':
      return `${UNREACHABLE_MEANING} Wait until it answers again to ${verb}.`;
    default:
      return 'The compute is being destroyed.';
  }
}

/**
 * Rescue mode (as Linode's rescue boot and Hetzner's rescue system): the compute boots a small rescue system
 * with its own disk attached as a second disk, reached by SSH with the compute's keys or a one-time password.
 * It is entered from rest (running, stopped, or in error: rescue is how a broken compute is repaired) and
 * rests in `rescue` until it is left.
 *
 * While in rescue the compute takes no power action: power on/off, shutdown and reboot are refused with
 * "leave rescue mode" (on Linode a reboot leaves rescue too; here leaving is the one explicit way, so nobody
 * boots the normal system by accident or reboots into rescue thinking they left it). Leaving boots the
 * compute normally from its own disk and it comes back running. Destroying it works as from any status.
 * Rebuild and resize are refused (both need the compute's disk, which the rescue system has mounted).
 */
export const RESCUE_RULE: PowerRule = {
  from: ['running', 'stopped', 'error'],
  during: 'entering_rescue',
  after: 'rescue',
};

/** Leaving rescue: the compute boots normally from its own disk. */
export const UNRESCUE_RULE: PowerRule = { from: ['rescue'], during: 'leaving_rescue', after: 'running' };

/** Whether a compute in `status` may enter rescue mode now. */
export function mayRescue(status: ComputeStatus): boolean {
  return RESCUE_RULE.from.includes(status);
}

/** Why a compute in `status` cannot enter rescue mode now, in words, or undefined when it can. */
export function rescueRefusal(status: ComputeStatus): string | undefined {
  if (mayRescue(status)) return undefined;
  switch (status) {
    case 'rescue':
    case 'entering_rescue':
      return 'The compute is already in rescue mode.';
    case 'leaving_rescue':
      return 'The compute is leaving rescue mode; wait until it is running to enter it again.';
    case 'provisioning':
      return 'The compute is still being provisioned; wait until it is running to rescue it.';
    case 'destroying':
    case 'destroyed':
      return 'The compute is being destroyed.';
    default:
      return `The compute is ${status}; wait until it is running or stopped to rescue it.`;
  }
}

/** Why a compute in `status` cannot leave rescue mode now, in words, or undefined when it can. */
export function unrescueRefusal(status: ComputeStatus): string | undefined {
  if (UNRESCUE_RULE.from.includes(status)) return undefined;
  switch (status) {
    case 'entering_rescue':
      return 'The compute is still booting its rescue system; wait until it is in rescue mode to leave it.';
    case 'leaving_rescue':
      return 'The compute is already leaving rescue mode.';
    case 'destroying':
    case 'destroyed':
      return 'The compute is being destroyed.';
    default:
      return 'The compute is not in rescue mode.';
  }
}

/**
 * A host that does not answer: its computes show `unreachable` (neither running nor stopped: nobody can tell)
 * until it answers again, then whatever it says they are. This is what it means for the team, in words.
 */
export const UNREACHABLE_MEANING =
  'The hypervisor host this compute runs on cannot be reached right now: the compute may still be running, but its state is unknown and it cannot be powered on, off or changed until the host answers again.';

/** The statuses a compute rests in that may change on their own (the guest stopped itself, its host vanished). */
const CHANGEABLE_AT_REST: readonly ComputeStatus[] = ['running', 'stopped', 'error', 'unreachable'];

/**
 * Whether a compute resting in `from` shows a change seen on its hypervisor as `to`. A compute in rescue
 * mode stays in it when its guest stops (it is left explicitly), but its host may become unreachable and
 * come back.
 */
export function mayChangeOnItsOwn(from: ComputeStatus, to: ComputeStatus): boolean {
  if (from === to) return false;
  if (from === 'rescue' || to === 'rescue') return to === 'unreachable' || from === 'unreachable';
  return CHANGEABLE_AT_REST.includes(from);
}

// A compute's lifecycle, once for both sides: which power actions each status allows, the status a compute
// shows while an action runs and once it succeeded, and why an action is refused, in words. The server's
// compute service enforces it (a refusal is its 409) and the console offers only what it allows. The words
// are the console's catalog messages (computes.lifecycle.*), in the language of whoever is told: the
// console's, or on the server the request's.
import type { ComputeStatus, InstanceType, PowerAction } from '@/contract/computes';
import { t } from '@/i18n/state';

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

/**
 * "The compute is stopping": a sentence's first clause naming the status, for the refusals that say what
 * to wait for (each language orders the rest of its sentence around it).
 */
export function computeIsIn(status: ComputeStatus): string {
  return t('computes.lifecycle.state', { status });
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
      return t('computes.lifecycle.rebuild.already');
    case 'provisioning':
      return t('computes.lifecycle.rebuild.provisioning');
    case 'entering_rescue':
    case 'rescue':
    case 'leaving_rescue':
      return t('computes.lifecycle.rebuild.inRescue');
    case 'destroying':
    case 'destroyed':
      return t('computes.lifecycle.rebuild.destroying');
    default:
      return t('computes.lifecycle.rebuild.wait', { state: computeIsIn(status) });
  }
}

/** Resizing (another plan) takes a stopped compute and leaves it stopped: the console powers it on after, if asked. */
export const RESIZE_RULE: PowerRule = { from: ['stopped'], during: 'resizing', after: 'stopped' };

/** Why the compute cannot be resized now, in words, or undefined when it can. */
export function resizeRefusal(status: ComputeStatus): string | undefined {
  if (RESIZE_RULE.from.includes(status)) return undefined;
  switch (status) {
    case 'running':
      return t('computes.lifecycle.resize.running');
    case 'resizing':
      return t('computes.lifecycle.resize.already');
    case 'entering_rescue':
    case 'rescue':
    case 'leaving_rescue':
      return t('computes.lifecycle.resize.inRescue');
    case 'error':
      return t('computes.lifecycle.resize.error');
    case 'destroying':
    case 'destroyed':
      return t('computes.lifecycle.destroying');
    default:
      return t('computes.lifecycle.resize.busy');
  }
}

/** The part of a plan a resize looks at. */
export type PlanSize = Pick<InstanceType, 'id' | 'vcpus' | 'memoryMb' | 'diskGb'>;

/** Why a compute on plan `current` cannot move to plan `next` (a disk only grows), or undefined when it can. */
export function planChangeRefusal(current: PlanSize, next: PlanSize): string | undefined {
  if (next.id === current.id) return t('computes.lifecycle.plan.same');
  if (next.diskGb < current.diskGb) {
    return t('computes.lifecycle.plan.smallerDisk', { next: next.diskGb, current: current.diskGb });
  }
  return undefined;
}

/** Why this action cannot be taken now, in words, or undefined when it can. */
export function powerActionRefusal(action: PowerAction, status: ComputeStatus): string | undefined {
  if (POWER_RULES[action].from.includes(status)) return undefined;
  // "power it on", "shut it down"…: the action as the end of a sentence ("wait until it is running to …").
  const verb = t('computes.lifecycle.power.verb', { action });
  switch (status) {
    case 'running':
      return t('computes.lifecycle.power.alreadyRunning');
    case 'stopped':
      return action === 'reboot'
        ? t('computes.lifecycle.power.stoppedReboot')
        : t('computes.lifecycle.power.alreadyStopped');
    case 'stopping':
      return action === 'power_on'
        ? t('computes.lifecycle.power.stoppingPowerOn')
        : t('computes.lifecycle.power.alreadyStopping');
    case 'starting':
      return action === 'power_on'
        ? t('computes.lifecycle.power.alreadyStarting')
        : t('computes.lifecycle.power.starting', { verb });
    case 'rebooting':
      return t('computes.lifecycle.power.rebooting', { verb });
    case 'rebuilding':
      return t('computes.lifecycle.power.rebuilding', { verb });
    case 'resizing':
      return t('computes.lifecycle.power.resizing', { verb });
    case 'entering_rescue':
      return t('computes.lifecycle.power.enteringRescue', { verb });
    case 'rescue':
      return t('computes.lifecycle.power.rescue', { verb });
    case 'leaving_rescue':
      return t('computes.lifecycle.power.leavingRescue', { verb });
    case 'provisioning':
      return action === 'power_on'
        ? t('computes.lifecycle.power.provisioningPowerOn')
        : t('computes.lifecycle.power.provisioning', { verb });
    case 'error':
      return t('computes.lifecycle.power.error');
    case 'unreachable':
      return `${unreachableMeaning()} ${t('computes.lifecycle.power.unreachable', { verb })}`;
    default:
      return t('computes.lifecycle.destroying');
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
      return t('computes.lifecycle.rescue.already');
    case 'leaving_rescue':
      return t('computes.lifecycle.rescue.leaving');
    case 'provisioning':
      return t('computes.lifecycle.rescue.provisioning');
    case 'destroying':
    case 'destroyed':
      return t('computes.lifecycle.destroying');
    default:
      return t('computes.lifecycle.rescue.wait', { state: computeIsIn(status) });
  }
}

/** Why a compute in `status` cannot leave rescue mode now, in words, or undefined when it can. */
export function unrescueRefusal(status: ComputeStatus): string | undefined {
  if (UNRESCUE_RULE.from.includes(status)) return undefined;
  switch (status) {
    case 'entering_rescue':
      return t('computes.lifecycle.unrescue.entering');
    case 'leaving_rescue':
      return t('computes.lifecycle.unrescue.already');
    case 'destroying':
    case 'destroyed':
      return t('computes.lifecycle.destroying');
    default:
      return t('computes.lifecycle.unrescue.notInRescue');
  }
}

/**
 * A host that does not answer: its computes show `unreachable` (neither running nor stopped: nobody can tell)
 * until it answers again, then whatever it says they are. This is what it means for the team, in words.
 */
export function unreachableMeaning(): string {
  return t('computes.lifecycle.unreachable');
}

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

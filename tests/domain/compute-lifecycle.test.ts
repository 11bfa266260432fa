import { describe, expect, it } from 'vitest';
import { computeStatusSchema } from '@/contract/compute-states';
import { powerActionSchema } from '@/contract/computes';
import {
  availablePowerActions,
  mayChangeOnItsOwn,
  mayRebuild,
  mayRescue,
  POWER_RULES,
  powerActionRefusal,
  REBUILD_RULE,
  RESCUE_RULE,
  rebuildRefusal,
  rescueRefusal,
  resizeRefusal,
  statusDuring,
  TRANSITIONAL_STATUSES,
  UNRESCUE_RULE,
  unreachableMeaning,
  unrescueRefusal,
} from '@/domain/compute-lifecycle';

const statuses = computeStatusSchema.options;
const actions = powerActionSchema.options;

describe('compute lifecycle', () => {
  it('offers exactly the actions it does not refuse, for every status', () => {
    for (const status of statuses) {
      const offered = availablePowerActions(status);
      for (const action of actions) {
        expect(powerActionRefusal(action, status) === undefined, `${action} from ${status}`).toBe(
          offered.includes(action),
        );
      }
    }
  });

  it('powers on a stopped compute and one whose last action failed, and nothing mid-transition', () => {
    expect(availablePowerActions('stopped')).toEqual(['power_on']);
    expect(availablePowerActions('error')).toEqual(['power_on']);
    expect(availablePowerActions('running')).toEqual(['shutdown', 'reboot', 'power_off']);
    for (const status of [...TRANSITIONAL_STATUSES, 'destroyed' as const]) {
      expect(availablePowerActions(status)).toEqual([]);
    }
  });

  it('says why, in words, when an action does not fit the status', () => {
    expect(powerActionRefusal('power_on', 'running')).toBe('The compute is already running.');
    expect(powerActionRefusal('reboot', 'stopped')).toBe('The compute is stopped; power it on instead.');
    expect(powerActionRefusal('shutdown', 'stopped')).toBe('The compute is already stopped.');
    expect(powerActionRefusal('power_on', 'stopping')).toBe(
      'The compute is stopping; wait until it is stopped to power it on.',
    );
    expect(powerActionRefusal('power_off', 'stopping')).toBe('The compute is already stopping.');
    expect(powerActionRefusal('power_on', 'starting')).toBe('The compute is already starting.');
    expect(powerActionRefusal('reboot', 'starting')).toBe(
      'The compute is starting; wait until it is running to reboot it.',
    );
    expect(powerActionRefusal('shutdown', 'rebooting')).toBe(
      'The compute is rebooting; wait until it is running to shut it down.',
    );
    expect(powerActionRefusal('power_on', 'provisioning')).toBe(
      'The compute is still being provisioned; it starts on its own when it is ready.',
    );
    expect(powerActionRefusal('power_off', 'provisioning')).toBe(
      'The compute is still being provisioned; wait until it is running to power it off.',
    );
    expect(powerActionRefusal('reboot', 'error')).toBe('The compute is in error; power it on or destroy it.');
    expect(powerActionRefusal('power_on', 'destroying')).toBe('The compute is being destroyed.');
  });

  it('shows a status during each transition and ends each power action where the console waits for it', () => {
    expect(statusDuring('provision')).toBe('provisioning');
    expect(statusDuring('destroy')).toBe('destroying');
    expect(statusDuring('power_on')).toBe('starting');
    expect(statusDuring('power_off')).toBe('stopping');
    expect(actions.map((action) => POWER_RULES[action].after)).toEqual([
      'running',
      'stopped',
      'stopped',
      'running',
    ]);
    for (const action of actions) expect(TRANSITIONAL_STATUSES).toContain(statusDuring(action));
  });

  it('rebuilds a compute at rest (running, stopped or in error), never mid-transition, and says why not', () => {
    for (const status of statuses) {
      expect(rebuildRefusal(status) === undefined, `rebuild from ${status}`).toBe(mayRebuild(status));
    }
    expect(statuses.filter(mayRebuild)).toEqual(['running', 'stopped', 'error']);
    for (const status of TRANSITIONAL_STATUSES) expect(mayRebuild(status)).toBe(false);
    expect(statusDuring('rebuild')).toBe('rebuilding');
    expect(TRANSITIONAL_STATUSES).toContain('rebuilding');
    expect(REBUILD_RULE.after).toBe('running');
    expect(rebuildRefusal('destroying')).toBe('The compute is being destroyed; it cannot be rebuilt.');
    expect(rebuildRefusal('rebuilding')).toBe('The compute is already being rebuilt.');
    expect(rebuildRefusal('stopping')).toBe(
      'The compute is stopping; wait until it is running or stopped to rebuild it.',
    );
    expect(powerActionRefusal('reboot', 'rebuilding')).toBe(
      'The compute is being rebuilt; wait until it is running to reboot it.',
    );
  });

  it('rescues a compute at rest, refuses every power action in rescue, and leaves it only from rescue', () => {
    expect(statuses.filter(mayRescue)).toEqual(['running', 'stopped', 'error']);
    for (const status of statuses) {
      expect(rescueRefusal(status) === undefined, `rescue from ${status}`).toBe(mayRescue(status));
      expect(unrescueRefusal(status) === undefined, `unrescue from ${status}`).toBe(status === 'rescue');
    }
    expect(statusDuring('rescue')).toBe('entering_rescue');
    expect(statusDuring('unrescue')).toBe('leaving_rescue');
    expect(TRANSITIONAL_STATUSES).toEqual(expect.arrayContaining(['entering_rescue', 'leaving_rescue']));
    expect(TRANSITIONAL_STATUSES).not.toContain('rescue');
    expect([RESCUE_RULE.after, UNRESCUE_RULE.after]).toEqual(['rescue', 'running']);
    // In rescue: no power action (leaving is the one way out), no rebuild, no resize.
    expect(availablePowerActions('rescue')).toEqual([]);
    expect(powerActionRefusal('reboot', 'rescue')).toBe(
      'The compute is in rescue mode: leave rescue mode (it boots normally) to reboot it.',
    );
    expect(powerActionRefusal('power_off', 'entering_rescue')).toBe(
      'The compute is booting its rescue system; leave rescue mode once it is up to power it off.',
    );
    expect(powerActionRefusal('power_on', 'leaving_rescue')).toBe(
      'The compute is leaving rescue mode; wait until it is running to power it on.',
    );
    expect(mayRebuild('rescue')).toBe(false);
    expect(rebuildRefusal('rescue')).toBe(
      'The compute is in rescue mode: leave rescue mode before rebuilding it.',
    );
    expect(resizeRefusal('rescue')).toBe(
      'The compute is in rescue mode: leave rescue mode and power it off before resizing.',
    );
    expect(rescueRefusal('rescue')).toBe('The compute is already in rescue mode.');
    expect(rescueRefusal('entering_rescue')).toBe('The compute is already in rescue mode.');
    expect(rescueRefusal('leaving_rescue')).toBe(
      'The compute is leaving rescue mode; wait until it is running to enter it again.',
    );
    expect(rescueRefusal('provisioning')).toBe(
      'The compute is still being provisioned; wait until it is running to rescue it.',
    );
    expect(rescueRefusal('destroying')).toBe('The compute is being destroyed.');
    expect(rescueRefusal('rebooting')).toBe(
      'The compute is rebooting; wait until it is running or stopped to rescue it.',
    );
    expect(unrescueRefusal('entering_rescue')).toBe(
      'The compute is still booting its rescue system; wait until it is in rescue mode to leave it.',
    );
    expect(unrescueRefusal('leaving_rescue')).toBe('The compute is already leaving rescue mode.');
    expect(unrescueRefusal('destroyed')).toBe('The compute is being destroyed.');
    expect(unrescueRefusal('running')).toBe('The compute is not in rescue mode.');
  });

  it('shows a compute whose host does not answer as unreachable (no action), and what its host says once it answers', () => {
    expect(availablePowerActions('unreachable')).toEqual([]);
    expect(powerActionRefusal('power_off', 'unreachable')).toBe(
      `${unreachableMeaning()} Wait until it answers again to power it off.`,
    );
    expect(unreachableMeaning()).toContain('may still be running');
    expect(mayRebuild('unreachable')).toBe(false);
    expect(mayRescue('unreachable')).toBe(false);
    for (const from of ['running', 'stopped', 'error', 'rescue'] as const) {
      expect(mayChangeOnItsOwn(from, 'unreachable'), from).toBe(true);
      expect(mayChangeOnItsOwn('unreachable', from), from).toBe(true);
    }
    expect(mayChangeOnItsOwn('unreachable', 'unreachable')).toBe(false);
    // Mid-transition, the transition's own outcome decides; a rescue guest that stops stays in rescue.
    expect(mayChangeOnItsOwn('rebooting', 'unreachable')).toBe(false);
    expect(mayChangeOnItsOwn('rescue', 'stopped')).toBe(false);
    expect(mayChangeOnItsOwn('running', 'stopped')).toBe(true);
  });
});

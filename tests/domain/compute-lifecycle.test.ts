import { describe, expect, it } from 'vitest';
import { computeStatusSchema } from '@/contract/compute-states';
import { powerActionSchema } from '@/contract/computes';
import {
  availablePowerActions,
  mayRebuild,
  POWER_RULES,
  powerActionRefusal,
  REBUILD_RULE,
  rebuildRefusal,
  statusDuring,
  TRANSITIONAL_STATUSES,
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
});

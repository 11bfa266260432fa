// Where a machine rests after a transition, and what changes with it (boot time, power log, outcome).
import type { DriverMessage, Transition } from '../compute-driver';
import { type MachineRow, powerDown, powerOn, resized, withoutRescue } from './machine-store';

type Settled = Partial<MachineRow>;

/**
 * The row's new values once `transition` ended at `now`; 'removed' for a machine that is gone.
 * A failed transition leaves the machine where it was, except provisioning, rebooting and rebuilding,
 * which leave it in error (it is not running, and was never or is no longer in a known-good state).
 */
export function settle(
  row: MachineRow,
  transition: Transition,
  failed: boolean,
  now: Date,
  failureMessage: DriverMessage,
): Settled | 'removed' {
  const at = now.getTime();
  const log = row.powerLog;
  const common: Settled = {
    transition: null,
    transitionStartedAt: null,
    transitionDueAt: null,
    lastOutcome: { transition, ok: !failed, message: failed ? failureMessage : null, at: now.toISOString() },
  };
  const running = (values: Settled): Settled => ({ ...common, state: 'running', bootedAt: now, ...values });
  const off = (state: string): Settled => ({
    ...common,
    state,
    bootedAt: null,
    powerLog: powerDown(log, at),
  });

  if (!failed) {
    switch (transition) {
      case 'provision':
        return running({ powerLog: powerOn(log, at) });
      case 'power_on':
        return running({ powerLog: powerOn(log, at) });
      case 'reboot':
      case 'rebuild': {
        // The few seconds between the old kernel stopping and the new one starting show as a dip (a rebuild
        // of a stopped machine has nothing to stop: it only starts).
        const began = row.transitionStartedAt?.getTime() ?? at;
        return running({ powerLog: powerOn(powerDown(log, began), Math.max(began + 1, at - 1)) });
      }
      case 'shutdown':
      case 'power_off':
        return off('stopped');
      case 'resize':
        return { ...common, spec: resized(row, true) };
      case 'rescue': {
        // The rescue system boots after the running system (if any) is stopped: a dip, as for a reboot.
        const began = row.transitionStartedAt?.getTime() ?? at;
        return {
          ...running({ powerLog: powerOn(powerDown(log, began), Math.max(began + 1, at - 1)) }),
          state: 'rescue',
        };
      }
      case 'unrescue': {
        const began = row.transitionStartedAt?.getTime() ?? at;
        return running({
          spec: withoutRescue(row),
          powerLog: powerOn(powerDown(log, began), Math.max(began + 1, at - 1)),
        });
      }
      case 'destroy':
        return 'removed';
    }
  }
  switch (transition) {
    case 'provision':
    case 'reboot':
    case 'rebuild':
      return off('error');
    case 'rescue':
    case 'unrescue':
      // Neither the rescue system nor the compute's own came up: in error, the one-time password forgotten.
      return { ...off('error'), spec: withoutRescue(row) };
    case 'power_on':
      return off(row.state);
    case 'shutdown':
    case 'power_off':
      return { ...common };
    case 'resize':
      // Nothing of the new size was applied: the machine keeps its old one, stopped.
      return { ...common, spec: resized(row, false) };
    case 'destroy':
      return row.state === 'running'
        ? { ...common }
        : off(row.state === 'provisioning' ? 'error' : row.state);
  }
}

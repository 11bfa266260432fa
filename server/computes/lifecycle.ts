// The server's side of a compute's lifecycle: how driver transitions map to history actions, and where a
// compute rests once the machine reports back. The rules both sides apply (which actions a status allows,
// the status meanwhile, refusals) are in src/domain/compute-lifecycle.ts.
import type { ComputeStatus } from '@/contract/computes';
import { type MachineStatus, TRANSITIONS, type Transition } from '../drivers/compute/compute-driver';

/** The history action a transition belongs to (creating a compute is its provisioning). */
export function historyActionOf(transition: Transition): string {
  return transition === 'provision' ? 'create' : transition;
}

export function transitionOfAction(action: string): Transition | undefined {
  if (action === 'create') return 'provision';
  // 'provision' is recorded as 'create': its own name is no history action.
  return TRANSITIONS.find((name) => name !== 'provision' && name === action);
}

/** The status once the machine rests: its state, or destroyed when it is gone. */
export function statusAfter(machine: MachineStatus, transition: Transition, ok: boolean): ComputeStatus {
  if (machine.state === 'absent') return transition === 'destroy' && ok ? 'destroyed' : 'error';
  if (machine.state === 'provisioning') return 'error';
  return machine.state;
}

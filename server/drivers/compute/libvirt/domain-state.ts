// What libvirt's word on a domain means for the compute: `virsh domstate --reason` read as the state a
// machine rests in, and the states that say QEMU stopped the guest on its own (a KVM internal error, a
// crash) rather than anyone asking it to.
import type { MachineState } from '../compute-driver';
import type { DomainState, DomainStatus } from './virsh';

/**
 * How libvirt's domain state reads as a machine at rest. Only a domain that runs is running: a paused one
 * (by QEMU on an error, or by someone's `virsh suspend`), a crashed or a suspended one is in error.
 */
export function restingState(state: DomainState): MachineState | 'absent' {
  switch (state) {
    case 'absent':
      return 'absent';
    case 'shut off':
      return 'stopped';
    case 'running':
    case 'idle':
    case 'in shutdown':
      return 'running';
    default:
      return 'error';
  }
}

/** Why a domain is paused when nobody paused it: QEMU stopped it (KVM internal error, I/O error, panic). */
const PAUSED_BY_QEMU = new Set(['unknown', 'I/O error', 'watchdog', 'crashed', 'post-copy failed']);
/** Why a domain is off when nobody stopped it: QEMU died, or never got going. */
const OFF_BY_FAILURE = new Set(['crashed', 'failed']);

/** QEMU stopped the guest on its own: what a guest that KVM cannot run looks like, just after its start. */
export function stoppedByQemu(status: DomainStatus): boolean {
  if (status.state === 'paused') return PAUSED_BY_QEMU.has(status.reason);
  if (status.state === 'shut off') return OFF_BY_FAILURE.has(status.reason);
  return status.state === 'crashed';
}

/** "paused (unknown)", as virsh says it, for messages and logs. */
export function describeStatus(status: DomainStatus): string {
  return status.reason ? `${status.state}, ${status.reason}` : status.state;
}

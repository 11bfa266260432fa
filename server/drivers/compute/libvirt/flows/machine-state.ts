// The state a machine is in now, as libvirt says it (one `virsh domstate` on its host).

import type { MachineState } from '../../compute-driver';
import { restingState } from '../domain-state';
import { domainName } from '../domain-xml';
import { type LibvirtMachineRow, specOf } from '../machine-store';
import { domainStatus } from '../virsh';
import type { FlowContext } from './flow';

export async function currentState(
  context: FlowContext,
  row: LibvirtMachineRow,
): Promise<MachineState | 'absent'> {
  // A host that does not answer is not asked again (each ask would wait for it): nobody can tell.
  if (context.hosts.of(row).unreachable) return 'unreachable';
  const status = await domainStatus(context.hosts.of(row).uri, domainName(row.id));
  return inRescueWhenRunning(row, restingState(status.state));
}

/** A machine whose domain boots the rescue system rests in rescue while libvirt runs it. */
export function inRescueWhenRunning(
  row: LibvirtMachineRow,
  state: MachineState | 'absent',
): MachineState | 'absent' {
  return state === 'running' && specOf(row).rescue ? 'rescue' : state;
}

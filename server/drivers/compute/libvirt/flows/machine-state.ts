// The state a machine is in now, as libvirt says it (one `virsh domstate` on its host).
import { restingState } from '../domain-state';
import { domainName } from '../domain-xml';
import type { LibvirtMachineRow } from '../machine-store';
import { domainStatus } from '../virsh';
import type { FlowContext } from './flow';

export async function currentState(context: FlowContext, row: LibvirtMachineRow) {
  const status = await domainStatus(context.hosts.of(row).uri, domainName(row.id));
  return restingState(status.state);
}

// KVM that fails: a host advertises KVM, QEMU starts the guest under it, then pauses it ("KVM internal
// error") or the guest crashes or never runs; or libvirt refuses the start outright. Under `auto` the guest
// is started again under emulation and the host gives KVM up for good (./hosts.ts remembers it); the boot
// wait (./boot-wait.ts) and the start (./provisioning.ts) decide when, with the predicates here.
import { readFile } from 'node:fs/promises';
import { domainName } from './domain-xml';
import type { FlowContext } from './flows/flow';
import type { HostConnection } from './host-connection';
import type { LibvirtMachineRow } from './machine-store';

/** libvirt refused to start the guest because of KVM (or an MSR the CPU under KVM lacks). */
export function kvmRefusedStart(detail: string): boolean {
  return /kvm|MSR/i.test(detail);
}

/** Whether a failure of this machine under KVM is met by emulation: it ran with KVM, its host says `auto`. */
export function mayFallBack(host: HostConnection, row: LibvirtMachineRow): boolean {
  return row.acceleration === 'kvm' && host.fallsBack;
}

/** Gives KVM up for the machine and its host; the caller defines its domain again (type qemu) and starts it. */
export async function giveUpKvm(
  context: FlowContext,
  row: LibvirtMachineRow,
  what: string,
): Promise<LibvirtMachineRow> {
  const host = context.hosts.of(row);
  const logged = await qemuLogError(host, row.id);
  await context.hosts.giveUpKvm(host, logged ? `${what}; QEMU's log: ${logged}` : what);
  return (await context.store.update(row.id, { acceleration: 'emulated' }))!;
}

/** The last error QEMU logged for the domain, when its host is this machine (the log is a local file). */
async function qemuLogError(host: HostConnection, machineId: string): Promise<string | undefined> {
  if (!/^[a-z0-9+]+:\/\/\/system$/.test(host.uri)) return undefined;
  try {
    const log = await readFile(`/var/log/libvirt/qemu/${domainName(machineId)}.log`, 'utf8');
    return log
      .split('\n')
      .filter((line) => /error/i.test(line))
      .at(-1)
      ?.trim()
      .slice(0, 200);
  } catch {
    return undefined;
  }
}

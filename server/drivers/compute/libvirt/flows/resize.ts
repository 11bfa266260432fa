// Resize (another plan) of a stopped machine: the domain redefined with its new vCPUs and memory, then its
// disk grown (`virsh vol-resize`, which runs `qemu-img resize` on the host; the guest's file system grows on
// its next boot, by cloud-init's growpart). The target size is stored with the machine (spec.resizeTo) when
// the resize begins, so a restart carries on from it; both steps can be done again safely. A failure puts
// the old definition back, so the machine keeps one size, the old one, and stays stopped.

import { message } from '../../../../i18n/stored-message';
import type { MachineSize } from '../../compute-driver';
import type { HostConnection } from '../host-connection';
import { type LibvirtMachineRow, specOf } from '../machine-store';
import { diskVolume, domainXmlOf } from '../provisioning';
import { VirshError } from '../virsh';
import type { FlowContext, Outcome, TransitionFlow } from './flow';
import { currentState } from './machine-state';

const GIB = 1024 ** 3;

/** The size a resize under way gives the machine, as stored when it began. */
export function resizeTargetOf(row: LibvirtMachineRow): MachineSize | undefined {
  return (row.spec as { resizeTo?: MachineSize }).resizeTo;
}

/** The stored spec without the resize's target, at the size the machine now has. */
function specAt(row: LibvirtMachineRow, size: MachineSize): Record<string, unknown> {
  const { resizeTo: _target, ...spec } = row.spec as Record<string, unknown>;
  return { ...spec, vcpus: size.vcpus, memoryMb: size.memoryMb, diskGb: size.diskGb };
}

/** The disk volume's size in bytes, as libvirt reports it. */
async function diskBytes(host: HostConnection, machineId: string): Promise<number> {
  const info = await host.run(['vol-info', '--bytes', '--pool', host.config.pool, diskVolume(machineId)]);
  const match = /Capacity:\s+(\d+)\s+bytes/.exec(info);
  if (!match) throw new Error(`vol-info did not give the capacity of ${diskVolume(machineId)}`);
  return Number(match[1]);
}

async function resizeMachine(context: FlowContext, row: LibvirtMachineRow): Promise<Outcome> {
  const target = resizeTargetOf(row);
  const current: MachineSize = { vcpus: row.vcpus, memoryMb: row.memoryMb, diskGb: row.diskGb };
  if (!target) {
    return { ok: false, message: message('history.libvirt.resizeLostTarget'), state: 'stopped' };
  }
  const host = context.hosts.of(row);
  const state = await currentState(context, row);
  if (state !== 'stopped') {
    return {
      ok: false,
      message: message('history.libvirt.resizeNotStopped', { state }),
      state: state === 'absent' ? 'error' : state,
    };
  }
  const step = { name: 'size' as 'size' | 'disk' };
  try {
    await host.define(await domainXmlOf(context, { ...row, vcpus: target.vcpus, memoryMb: target.memoryMb }));
    step.name = 'disk';
    if ((await diskBytes(host, row.id)) < target.diskGb * GIB) {
      await host.run(
        ['vol-resize', '--pool', host.config.pool, diskVolume(row.id), `${target.diskGb}G`],
        300_000,
      );
    }
  } catch (error) {
    // The old definition back: one size, the old one (a disk never shrinks, and this one did not grow).
    await domainXmlOf(context, row)
      .then((xml) => host.define(xml))
      .catch((restore: unknown) => {
        context.logger.error(
          { err: restore, machineId: row.id },
          'could not restore the domain after a resize',
        );
      });
    await context.store.update(row.id, { spec: specAt(row, current) });
    const detail = error instanceof VirshError ? error.detail : (error as Error).message;
    return {
      ok: false,
      message: message('history.libvirt.resizeFailed', { step: step.name, detail: detail.slice(0, 300) }),
      state: 'stopped',
    };
  }
  await context.store.update(row.id, {
    vcpus: target.vcpus,
    memoryMb: target.memoryMb,
    diskGb: target.diskGb,
    spec: specAt(row, target),
  });
  return { ok: true, message: null, state: 'stopped' };
}

export const resizeFlow: TransitionFlow = {
  transition: 'resize',
  from: ['stopped'],
  budgetMs: () => 360_000,
  run: (context, row) => resizeMachine(context, row),
};

/** The stored spec without a resize's target (a resize libvirt or the engine refused before it began). */
export function specWithoutTarget(row: LibvirtMachineRow): Record<string, unknown> {
  const { resizeTo: _target, ...spec } = specOf(row) as unknown as Record<string, unknown>;
  return spec;
}

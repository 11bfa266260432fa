// Making a machine on its host and starting it: its disk (a qcow2 overlay on the image), its cloud-init
// seed, its domain XML, then the start (paused until its serial console is read, so no boot output is lost).
// A start libvirt refuses because KVM fails, or because another program holds the forwarded port, is tried
// again under emulation or on another port; one where QEMU ended without a word is tried again a moment later.

import type { NetworkCard } from '../compute-driver';
import { parseIpv4Block } from '../simulator/address-pool';
import { anotherFreePort } from './allocation';
import { buildSeedIso, cryptRootPassword, networkConfig, type SeedInput } from './cloud-init-seed';
import { CONSOLE_STATUS } from './consoles';
import { restingState } from './domain-state';
import { domainName, domainXml, macOf } from './domain-xml';
import { filterName, HostFirewalls } from './firewall';
import { Aborted } from './flows/domain-waits';
import type { FlowContext } from './flows/flow';
import type { HostConnection } from './host-connection';
import { giveUpKvm, kvmRefusedStart, mayFallBack } from './kvm-fallback';
import { type LibvirtMachineRow, specOf } from './machine-store';
import { libvirtNetworkName, prefixLengthOf } from './private-networks';
import { diskFromTeamImage } from './team-image-disk';
import { domainStatus, VirshError } from './virsh';

/**
 * A machine's volumes. Each rebuild makes the next generation beside the current one (the first has no
 * suffix), so the old disk is deleted only once the new one exists.
 */
export function diskVolume(machineId: string, generation = 0): string {
  return generation > 0 ? `ikirere-${machineId}-r${generation}.qcow2` : `ikirere-${machineId}.qcow2`;
}

export function seedVolume(machineId: string, generation = 0): string {
  return generation > 0 ? `ikirere-${machineId}-r${generation}-seed.iso` : `ikirere-${machineId}-seed.iso`;
}

/** The rescue system's seed (root's keys, the one-time password's crypt, the network), while in rescue. */
export function rescueSeedVolume(machineId: string): string {
  return `ikirere-${machineId}-rescue-seed.iso`;
}

/** The generation of the machine's disk and seed: how many times it was rebuilt. */
export function generationOf(row: LibvirtMachineRow): number {
  return specOf(row).generation ?? 0;
}

/**
 * The machine's domain: booting its own disk, or the rescue system while its spec says it is in rescue; with
 * its cards on private networks (as the networks service says now).
 */
export async function domainXmlOf(context: FlowContext, row: LibvirtMachineRow): Promise<string> {
  const host = context.hosts.of(row);
  const spec = specOf(row);
  const cards = await context.networks.cardsOf(row.id);
  return domainXml({
    id: row.id,
    name: domainName(row.id),
    hostname: spec.hostname,
    vcpus: row.vcpus,
    memoryMb: row.memoryMb,
    type: row.acceleration === 'kvm' ? 'kvm' : 'qemu',
    pool: host.config.pool,
    diskVolume: diskVolume(row.id, generationOf(row)),
    seedVolume: seedVolume(row.id, generationOf(row)),
    mac: macOf(row.id),
    network: host.config.network,
    ...(HostFirewalls.filters(host) ? { filter: filterName(row.id) } : {}),
    privateCards: cards.map((card) => ({ network: libvirtNetworkName(card.networkId), mac: card.mac })),
    sshPort: row.sshPort,
    ...(spec.rescue && host.config.rescue
      ? { rescue: { ...host.config.rescue, seedVolume: rescueSeedVolume(row.id) } }
      : {}),
  });
}

/** The seed's password is gone: the server restarted before the seed was written. */
export class PasswordLost extends Error {}

/**
 * Makes what the machine needs on its host (seed, disk, domain), for a domain libvirt does not have yet.
 * After a restart the seed may already be there; without it a password compute cannot be made again (the
 * password is never stored): PasswordLost.
 */
export async function makeDomain(
  context: FlowContext,
  row: LibvirtMachineRow,
  signal: AbortSignal,
  rootPassword: string | undefined,
): Promise<void> {
  context.consoles
    .of(row)
    .setState({ status: 'provisioning', message: 'The disk is being prepared.' }, false);
  await makeVolumes(context, row, signal, rootPassword);
  await context.firewalls.prepare(context, row);
  await context.networks.prepare(context.hosts.of(row), row.id);
  await context.hosts.of(row).define(await domainXmlOf(context, row));
}

/**
 * The seed (kept when a restart finds it written) and a fresh disk from the image, of the machine's current
 * generation. Without the seed a password compute cannot be made again (the password is never stored):
 * PasswordLost.
 */
export async function makeVolumes(
  context: FlowContext,
  row: LibvirtMachineRow,
  signal: AbortSignal,
  rootPassword: string | undefined,
): Promise<void> {
  const host = context.hosts.of(row);
  const spec = specOf(row);
  const generation = generationOf(row);
  if (!(await volumeExists(host, seedVolume(row.id, generation)))) {
    if (spec.rootPasswordHash && !rootPassword) throw new PasswordLost();
    const seed = await buildSeedIso(await seedOf(context, row, rootPassword));
    await host.uploadVolume(seedVolume(row.id, generation), seed);
  }
  if (signal.aborted) throw new Aborted();
  if (spec.teamImageFile) {
    await diskFromTeamImage(host, diskVolume(row.id, generation), row.diskGb, spec.teamImageFile);
  } else await host.createOverlay(diskVolume(row.id, generation), row.diskGb, spec.image.id);
  if (signal.aborted) throw new Aborted();
}

/**
 * Starts the domain paused, opens its console, then lets it run. A domain left paused or crashed (by QEMU,
 * or by a restart of our server between its start and its resume) is stopped first: libvirt starts only a
 * domain that is off.
 */
export async function startGuest(context: FlowContext, machineId: string): Promise<void> {
  let row = (await context.store.find(machineId))!;
  const host = context.hosts.of(row);
  const name = domainName(machineId);
  const { state } = await domainStatus(host.uri, name);
  if (state !== 'shut off' && restingState(state) === 'error') {
    await host.forceOff(name);
  }
  if (mayFallBack(host, row) && host.acceleration === 'emulated') {
    // Defined under KVM before the host gave it up: started under emulation like the host's others.
    row = (await context.store.update(machineId, { acceleration: 'emulated' }))!;
    await host.define(await domainXmlOf(context, row));
  }
  // Its private networks are up on the host (a host restarted without autostart, a card that joined).
  await context.networks.prepare(host, machineId);
  for (let attempt = 0; ; attempt++) {
    try {
      await host.run(['start', name, '--paused'], 120_000);
      break;
    } catch (error) {
      const detail = error instanceof VirshError ? error.detail : '';
      if (attempt >= 3) throw error;
      if (mayFallBack(host, row) && kvmRefusedStart(detail)) {
        row = await giveUpKvm(context, row, `libvirt refused to start a guest under KVM: ${detail}`);
      } else if (/host ?forward|hostfwd/i.test(detail) && row.sshPort !== null) {
        row = (await movePort(context, host, row)) ?? row;
      } else if (error instanceof VirshError && error.qemuEndedStarting) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      } else {
        throw error;
      }
      await host.define(await domainXmlOf(context, row));
    }
  }
  const console = context.consoles.of(row);
  console.setState(
    { status: CONSOLE_STATUS[(row.transition as keyof typeof CONSOLE_STATUS) ?? 'power_on'] },
    true,
  );
  await console.whenConnected(5_000);
  try {
    await host.run(['resume', name], 60_000);
  } catch (error) {
    // QEMU ended between the start and the resume (what KVM failing can look like): the boot wait reads
    // the domain's state and reason, and starts it again under emulation when that is what failed.
    if (!(error instanceof VirshError && error.notRunning)) throw error;
  }
}

/** Another program holds the forwarded port: the machine takes another free one. */
async function movePort(
  context: FlowContext,
  host: HostConnection,
  row: LibvirtMachineRow,
): Promise<LibvirtMachineRow | undefined> {
  for (let tries = 0; tries < 5; tries++) {
    const port = anotherFreePort(host, await context.store.all());
    if (port === undefined) return undefined;
    try {
      return await context.store.update(row.id, { sshPort: port });
    } catch {
      // Taken meanwhile by another server: try another.
    }
  }
  return undefined;
}

export async function volumeExists(host: HostConnection, volume: string): Promise<boolean> {
  try {
    await host.run(['vol-info', '--pool', host.config.pool, volume], 20_000);
    return true;
  } catch (error) {
    if (error instanceof VirshError && error.noVolume) return false;
    throw error;
  }
}

async function seedOf(
  context: FlowContext,
  row: LibvirtMachineRow,
  rootPassword: string | undefined,
  cards?: readonly NetworkCard[],
): Promise<SeedInput> {
  const spec = specOf(row);
  const network = context.hosts.of(row).config.network;
  let static_: SeedInput['network'] = null;
  if (network.mode === 'bridge' && row.ipv4) {
    const block = parseIpv4Block(network.ipv4)!;
    const gateway = firstHost(network.ipv4);
    const prefix6 = network.ipv6 ? Number(network.ipv6.split('/')[1]) : 64;
    static_ = {
      ipv4: { address: row.ipv4, prefixLength: block.prefixLength, gateway },
      ipv6:
        row.ipv6 && network.gateway6
          ? { address: row.ipv6, prefixLength: prefix6, gateway: network.gateway6 }
          : null,
      nameservers: network.nameservers,
    };
  }
  const generation = generationOf(row);
  return {
    // A rebuilt machine's seed is a new instance: cloud-init sets the fresh disk up again.
    instanceId: generation > 0 ? `${row.id}-r${generation}` : row.id,
    hostname: spec.hostname,
    sshPublicKey: spec.sshPublicKey,
    rootPasswordCrypt: rootPassword ? cryptRootPassword(rootPassword) : null,
    mac: macOf(row.id),
    userData: spec.userData ?? null,
    network: static_,
    privateCards: (cards ?? (await context.networks.cardsOf(row.id))).map((card) => ({
      mac: card.mac,
      address: card.address,
      prefixLength: prefixLengthOf(card.ipv4Block),
    })),
  };
}

/** The network-config of the machine's seed with these cards on private networks. */
export async function networkConfigOf(
  context: FlowContext,
  row: LibvirtMachineRow,
  cards: readonly NetworkCard[],
): Promise<string> {
  return networkConfig(await seedOf(context, row, undefined, cards));
}

/**
 * The rescue system's seed: the machine's hostname, keys and network, the one-time password's crypt, none of
 * its user-data (the rescue system runs none).
 */
export async function rescueSeedOf(
  context: FlowContext,
  row: LibvirtMachineRow,
  passwordCrypt: string,
): Promise<SeedInput> {
  return {
    ...(await seedOf(context, row, undefined)),
    instanceId: `${row.id}-rescue`,
    rootPasswordCrypt: passwordCrypt,
    userData: null,
  };
}

/** The gateway of a routed block: its first host address. */
function firstHost(cidr: string): string {
  const [address] = cidr.split('/');
  const parts = address!.split('.').map(Number);
  parts[3] = (parts[3] ?? 0) + 1;
  return parts.join('.');
}

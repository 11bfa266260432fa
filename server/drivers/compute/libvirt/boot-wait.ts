// Waiting for a guest to finish booting: a login prompt on its serial console, or an SSH server answering
// on its address, while libvirt says its domain runs. A guest that QEMU stops on its own as it starts under
// KVM (a "KVM internal error" pause, a crash) is seen within seconds, from libvirt's state and reason, and
// started again under emulation when its host allows (./kvm-fallback.ts); a guest that stops otherwise ends
// the wait as failed. A machine is never reported running unless libvirt says its domain runs.
import { createConnection } from 'node:net';
import { type CatalogMessage, message } from '../../../i18n/stored-message';
import { describeStatus, restingState, stoppedByQemu } from './domain-state';
import { domainName } from './domain-xml';
import { Aborted } from './flows/domain-waits';
import { deadlineOf, type FlowContext, type Outcome } from './flows/flow';
import { giveUpKvm, mayFallBack } from './kvm-fallback';
import type { LibvirtMachineRow } from './machine-store';
import { domainXmlOf, startGuest } from './provisioning';
import { type DomainStatus, domainStatus } from './virsh';

/** After a boot is seen, the console is read until it has been quiet this long (at most the second). */
const CONSOLE_QUIET_MS = 1_500;
const CONSOLE_LINGER_MAX_MS = 10_000;

export interface BootWaitOptions {
  /** Starts the guest, once its console is followed (so nothing it prints is missed). */
  start?: () => Promise<void>;
  /** The guest may be booted already (a resumed flow): a keystroke makes it print its prompt again. */
  nudge?: boolean;
}

export async function waitBooted(
  context: FlowContext,
  row: LibvirtMachineRow,
  signal: AbortSignal,
  options: BootWaitOptions,
): Promise<Outcome> {
  const host = context.hosts.of(row);
  const console = context.consoles.of(row);
  let tail = '';
  let prompted = false;
  let lastOutput = Date.now();
  const unwatch = console.watch((chunk) => {
    lastOutput = Date.now();
    tail = (tail + chunk).slice(-4096);
    if (/login:/.test(tail)) {
      prompted = true;
      context.waits.wake(row.id);
    }
  });
  let status: DomainStatus = { state: 'running', reason: '' };
  try {
    await options.start?.();
    // The start may have changed the machine (emulated, once its host gave KVM up; another SSH port).
    row = (await context.store.find(row.id)) ?? row;
    if (options.nudge) {
      await console.whenConnected(5_000);
      console.nudge();
    }
    const bootDeadline = Math.min(
      deadlineOf(context, row),
      Date.now() + context.config.bootTimeoutSeconds * 1000,
    );
    const booted = await context.waits.until(row.id, bootDeadline, signal, async () => {
      status = await domainStatus(host.uri, domainName(row.id));
      if (restingState(status.state) !== 'running') return true;
      return prompted || sshAnswers(sshEndpoint(context, row));
    });
    const state = restingState(status.state);
    if (state !== 'running') {
      if (stoppedByQemu(status) && mayFallBack(host, row)) {
        const emulated = await restartUnderEmulation(context, row, status, signal);
        return waitBooted(context, emulated, signal, { start: () => startGuest(context, row.id) });
      }
      return { ok: false, message: stoppedMessage(row, status), state };
    }
    if (!booted) {
      // libvirt runs it: it is running, even if its operating system never said so.
      context.logger.warn({ machineId: row.id }, 'guest showed no login prompt and no SSH server in time');
    }
    return { ok: true, message: null, state: 'running' };
  } finally {
    // The prompt may be mid-line ("vm-1 login: " and the rest still on the wire): keep reading until the
    // console has been quiet a moment, so the whole of it is in the scrollback the next terminal gets.
    const lingerUntil = Date.now() + CONSOLE_LINGER_MAX_MS;
    const linger = () => {
      if (Date.now() - lastOutput >= CONSOLE_QUIET_MS || Date.now() >= lingerUntil) unwatch();
      else setTimeout(linger, 250).unref();
    };
    linger();
  }
}

/** KVM failed the guest: the host gives KVM up, and the domain is defined again as plain QEMU. */
async function restartUnderEmulation(
  context: FlowContext,
  row: LibvirtMachineRow,
  status: DomainStatus,
  signal: AbortSignal,
): Promise<LibvirtMachineRow> {
  const host = context.hosts.of(row);
  context.logger.warn(
    { machineId: row.id, host: host.name, domain: describeStatus(status) },
    'QEMU stopped a guest as it started under KVM: starting it again under emulation',
  );
  const emulated = await giveUpKvm(
    context,
    row,
    `QEMU stopped a guest as it started under KVM (libvirt: ${describeStatus(status)})`,
  );
  await host.forceOff(domainName(row.id));
  if (signal.aborted) throw new Aborted();
  await host.define(await domainXmlOf(context, emulated));
  return emulated;
}

function stoppedMessage(row: LibvirtMachineRow, status: DomainStatus): CatalogMessage {
  const detail = describeStatus(status);
  if (stoppedByQemu(status) && row.acceleration === 'kvm') {
    return message('history.libvirt.kvmFailed', { detail });
  }
  if (status.state === 'paused') return message('history.libvirt.pausedWhileBooting', { detail });
  return message('history.libvirt.stoppedWhileBooting', { detail });
}

function sshEndpoint(
  context: FlowContext,
  row: LibvirtMachineRow,
): { host: string; port: number } | undefined {
  const host = context.hosts.of(row);
  const network = host.config.network;
  if (network.mode === 'user' && row.sshPort !== null) {
    const local = /^[a-z0-9+]+:\/\/\//.test(host.uri);
    const address = local
      ? network.bindAddress === '0.0.0.0'
        ? '127.0.0.1'
        : network.bindAddress
      : network.publishAddress;
    return { host: address, port: row.sshPort };
  }
  if (network.mode === 'bridge' && network.probeSsh === false) return undefined;
  return row.ipv4 ? { host: row.ipv4, port: 22 } : undefined;
}

/** Whether an SSH server answers at the endpoint (its banner starts with "SSH-"). */
function sshAnswers(
  endpoint: { host: string; port: number } | undefined,
  timeoutMs = 1_500,
): Promise<boolean> {
  if (!endpoint) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = createConnection({ host: endpoint.host, port: endpoint.port });
    let banner = '';
    const done = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      banner += chunk;
      if (banner.length >= 4) done(banner.startsWith('SSH-'));
    });
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
  });
}

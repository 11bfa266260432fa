// The driver's hypervisor hosts: one HostConnection per entry of LIBVIRT_HOSTS, which of them can take
// machines now, and the acceleration each gives its guests, with KVM given up on a host where it fails
// (remembered in libvirt_hosts, logged once for all servers sharing the database).
import type { Database } from '../../../db';
import type { Logger } from '../../../logger';
import { HostConnection } from './host-connection';
import { HostStateStore } from './host-state-store';
import type { LibvirtConfig } from './libvirt-config';
import type { LibvirtMachineRow } from './machine-store';

export class Hosts {
  private readonly byName = new Map<string, HostConnection>();
  private readonly states: HostStateStore;

  constructor(
    config: LibvirtConfig,
    db: Database,
    private readonly logger: Logger,
  ) {
    this.states = new HostStateStore(db);
    for (const host of config.hosts) this.byName.set(host.name, new HostConnection(host, logger));
  }

  all(): HostConnection[] {
    return [...this.byName.values()];
  }

  get(name: string): HostConnection | undefined {
    return this.byName.get(name);
  }

  /** The host a machine was placed on. */
  of(row: LibvirtMachineRow): HostConnection {
    const host = this.byName.get(row.host);
    if (!host) throw new Error(`The machine's host ${row.host} is no longer in LIBVIRT_HOSTS.`);
    return host;
  }

  /** Hosts that can take machines now (reachable, pool usable, not drained). */
  usable(): HostConnection[] {
    return this.all().filter((host) => host.problem === undefined && !host.drained);
  }

  /** Drained hosts take no new machines (as every server sharing the database reads at its next look). */
  async setDrained(host: HostConnection, drained: boolean): Promise<void> {
    await this.states.setDrained(host.name, drained, new Date());
    host.drained = drained;
  }

  /** Which hosts are drained, as stored: another server may have drained one. */
  async readDrained(): Promise<void> {
    const drained = await this.states.drained();
    for (const host of this.all()) host.drained = drained.has(host.name);
  }

  /** At start: what was learned before, then every host checked. A host forced to `kvm` forgets a failure. */
  async check(): Promise<void> {
    const failures = await this.states.kvmFailures();
    for (const host of this.all()) {
      const failure = failures.get(host.name);
      if (failure && host.config.acceleration === 'kvm') await this.states.forgetKvmFailure(host.name);
      else host.kvmFailure = failure;
    }
    await this.readDrained();
    await Promise.all(this.all().map((host) => host.check()));
  }

  /** A host that could not be reached (or had no pool) is tried again: it may be back. */
  async recheckUnusable(): Promise<void> {
    await Promise.all(
      this.all()
        .filter((host) => host.problem !== undefined)
        .map((host) => host.check()),
    );
  }

  /** KVM failed a guest of the host: its guests run in emulation from now on, here and after restarts. */
  async giveUpKvm(host: HostConnection, reason: string): Promise<void> {
    const at = new Date();
    const first = await this.states.rememberKvmFailure(host.name, reason, at);
    const known = host.kvmFailure !== undefined;
    host.fallBackToEmulation({ reason, at });
    if (first || !known) {
      this.logger.warn(
        { host: host.name, uri: host.uri, reason },
        `libvirt host ${host.name}: KVM failed a guest (${reason}); its guests run in plain QEMU emulation from now on, many times slower. Set its acceleration to "kvm" to try KVM again.`,
      );
    }
  }
}

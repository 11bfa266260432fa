// One hypervisor host as the driver uses it: checked at start (reachable, its storage pool active, KVM or
// plain emulation), then volumes, domains and statistics through virsh over its connection URI.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../../../logger';
import type { KvmFailure } from './host-state-store';
import type { LibvirtHost } from './libvirt-config';
import { type DomainState, VirshError, virsh } from './virsh';

export type Acceleration = 'kvm' | 'emulated';

/** How long libvirt on a host may take to answer whether it is there. */
const PROBE_TIMEOUT_MS = 10_000;

export async function withTempFile<T>(
  name: string,
  content: string | Buffer,
  use: (path: string) => Promise<T>,
) {
  const directory = await mkdtemp(join(tmpdir(), 'ikirere-virsh-'));
  try {
    const path = join(directory, name);
    await writeFile(path, content, { mode: 0o600 });
    return await use(path);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

export class HostConnection {
  acceleration: Acceleration = 'emulated';
  /** Why the host cannot take machines now (unreachable, no pool); undefined when it can. */
  problem: string | undefined = 'not checked yet';
  /** libvirt on the host did not answer the last probe (its computes show `unreachable`). */
  unreachable = false;
  /** An operator drained it: it takes no new machines. */
  drained = false;
  /** KVM failed on this host before (remembered across restarts): under `auto`, its guests are emulated. */
  kvmFailure: KvmFailure | undefined;

  constructor(
    readonly config: LibvirtHost,
    private readonly logger: Logger,
  ) {}

  get name(): string {
    return this.config.name;
  }

  get uri(): string {
    return this.config.uri;
  }

  run(args: readonly string[], timeoutMs?: number): Promise<string> {
    return virsh(this.uri, args, { timeoutMs });
  }

  /** Reachable, pool active, and which acceleration its guests get; logged either way. */
  async check(): Promise<void> {
    const kvmFailure = this.kvmFailure;
    const { name, uri, pool } = this.config;
    if (!(await this.probe())) {
      this.logger.error({ host: name, uri }, this.problem);
      return;
    }
    try {
      const info = await this.run(['pool-info', pool], 20_000);
      if (!/State:\s+running/.test(info)) await this.run(['pool-start', pool], 60_000);
      await this.run(['pool-refresh', pool], 60_000);
    } catch (error) {
      this.problem = `storage pool ${pool} on ${uri} is not usable (${(error as Error).message}); create it with: virsh -c ${uri} pool-define-as ${pool} dir --target /var/lib/libvirt/images/${pool} && virsh -c ${uri} pool-build ${pool} && virsh -c ${uri} pool-start ${pool} && virsh -c ${uri} pool-autostart ${pool}`;
      this.logger.error({ host: name, uri }, this.problem);
      return;
    }
    const offered = await this.kvmOffered();
    this.acceleration = offered && !(this.config.acceleration === 'auto' && kvmFailure) ? 'kvm' : 'emulated';
    this.problem = undefined;
    if (this.acceleration === 'kvm') {
      this.logger.info({ host: name, uri }, `libvirt host ${name}: guests run with KVM`);
    } else if (offered && kvmFailure) {
      this.logger.warn(
        { host: name, uri, reason: kvmFailure.reason, since: kvmFailure.at },
        `libvirt host ${name}: guests run in plain QEMU emulation (domain type qemu), many times slower: KVM is offered but failed on ${kvmFailure.at.toISOString()} (${kvmFailure.reason}); set its acceleration to "kvm" to try KVM again`,
      );
    } else {
      this.logger.warn(
        { host: name, uri },
        `libvirt host ${name}: ${this.config.acceleration === 'emulated' ? 'acceleration is set to emulated' : 'KVM is not available'}, guests run in plain QEMU emulation (domain type qemu), many times slower`,
      );
    }
  }

  /**
   * Whether libvirt on the host answers now: one `virsh version` given PROBE_TIMEOUT_MS (over SSH, a host
   * whose sshd is gone is refused at once; one whose network is gone is given up at the timeout).
   */
  async probe(): Promise<boolean> {
    try {
      await this.run(['version'], PROBE_TIMEOUT_MS);
      this.unreachable = false;
      return true;
    } catch (error) {
      this.unreachable = true;
      this.problem = `libvirt at ${this.uri} does not answer: ${(error as Error).message}`;
      return false;
    }
  }

  private uuid: string | undefined;

  /** The machine's UUID as libvirt reports it (`virsh capabilities`), read once. */
  async hostUuid(): Promise<string | undefined> {
    this.uuid ??= /<host>\s*<uuid>([^<]+)<\/uuid>/.exec(await this.run(['capabilities'], 30_000))?.[1];
    return this.uuid;
  }

  /** Whether the host's guests may use KVM: forced, or advertised by libvirt under `auto`. */
  private async kvmOffered(): Promise<boolean> {
    if (this.config.acceleration !== 'auto') return this.config.acceleration === 'kvm';
    try {
      await this.run(['domcapabilities', '--virttype', 'kvm', '--arch', 'x86_64'], 30_000);
      return true;
    } catch {
      return false;
    }
  }

  /** Whether a guest that fails under KVM here is started again under emulation (`auto` only). */
  get fallsBack(): boolean {
    return this.config.acceleration === 'auto';
  }

  /** KVM failed a guest: this host's guests are emulated from now on (the caller stores it). */
  fallBackToEmulation(failure: KvmFailure): void {
    this.kvmFailure = failure;
    this.acceleration = 'emulated';
  }

  /** The base image's path on the host: "volume" in the host's pool, or "pool/volume". */
  async imagePath(imageId: string): Promise<string> {
    const reference = this.config.images[imageId];
    if (!reference) throw new Error(`host ${this.name} has no base image for ${imageId}`);
    const [pool, volume] =
      reference.includes('/') && !reference.startsWith('/')
        ? (reference.split('/', 2) as [string, string])
        : [this.config.pool, reference];
    if (reference.startsWith('/')) return reference;
    return (await this.run(['vol-path', '--pool', pool, volume], 20_000)).trim();
  }

  /** A qcow2 overlay on the base image, grown to the plan's disk size (the guest grows its file system). */
  async createOverlay(volume: string, sizeGb: number, imageId: string): Promise<void> {
    const base = await this.imagePath(imageId);
    await this.deleteVolume(volume);
    await this.run(
      [
        'vol-create-as',
        this.config.pool,
        volume,
        `${sizeGb}G`,
        '--format',
        'qcow2',
        '--backing-vol',
        base,
        '--backing-vol-format',
        'qcow2',
      ],
      120_000,
    );
  }

  async uploadVolume(volume: string, bytes: Buffer): Promise<void> {
    await this.deleteVolume(volume);
    await this.run(
      ['vol-create-as', this.config.pool, volume, String(bytes.length), '--format', 'raw'],
      60_000,
    );
    await withTempFile('seed.iso', bytes, (path) =>
      this.run(['vol-upload', '--pool', this.config.pool, volume, path], 120_000),
    );
  }

  /**
   * Stops the domain at once (`virsh destroy`); one already off, or not defined at all, is fine. libvirt
   * answers "Failed to terminate process … Device or resource busy" when QEMU does not die within its wait
   * (a guest stuck in the kernel, a host under load): asked again, a few times, before giving up.
   */
  async forceOff(domain: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.run(['destroy', domain], 60_000);
        return;
      } catch (error) {
        if (error instanceof VirshError && (error.notRunning || error.noDomain)) return;
        if (!(error instanceof VirshError && error.stillDying) || attempt >= 3) throw error;
      }
    }
  }

  /** Deletes the volume; one already gone is fine. */
  async deleteVolume(volume: string): Promise<void> {
    try {
      await this.run(['vol-delete', '--pool', this.config.pool, volume], 60_000);
    } catch (error) {
      if (!(error instanceof VirshError && error.noVolume)) throw error;
    }
  }

  async define(xml: string): Promise<void> {
    await withTempFile('domain.xml', xml, (path) => this.run(['define', path], 60_000));
  }

  /** Every domain on the host with its state, from one `virsh list --all`. */
  async domainStates(): Promise<Map<string, DomainState>> {
    const text = await this.run(['list', '--all'], 30_000);
    const states = new Map<string, DomainState>();
    for (const line of text.split('\n')) {
      const match = /^\s*(?:\d+|-)\s+(\S+)\s+(.+?)\s*$/.exec(line);
      if (match) states.set(match[1]!, match[2]! as DomainState);
    }
    return states;
  }
}

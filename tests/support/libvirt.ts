// libvirt for the driver's tests: the local libvirtd (qemu:///system, started by .ci/run), the test guest
// image built once by scripts/libvirt/build-test-image.sh (cached), and a throwaway storage pool holding
// a copy of it, removed with every domain and disk left in it. Guests are reached only through loopback
// port forwards. A machine without libvirt fails here, loudly, with what to install and start.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LIBVIRT_URI = 'qemu:///system';
export const LIBVIRT_INSTALL_COMMAND =
  'sudo apt-get install -y libvirt-daemon libvirt-daemon-driver-qemu libvirt-clients qemu-system-x86 qemu-utils genisoimage';
export const TEST_IMAGE_VOLUME = 'ikirere-test.qcow2';

const buildScript = fileURLToPath(new URL('../../scripts/libvirt/build-test-image.sh', import.meta.url));

const virshAt = (args: string[], options: { allowFailure?: boolean; uri?: string }) =>
  virshSync(args, options);

export function virshSync(args: string[], options: { allowFailure?: boolean; uri?: string } = {}): string {
  try {
    return execFileSync('virsh', ['-q', '-c', options.uri ?? LIBVIRT_URI, ...args], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
  } catch (error) {
    if (options.allowFailure) return '';
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`virsh ${args.join(' ')} failed: ${stderr || (error as Error).message}`);
  }
}

/** Throws the commands that make libvirt usable, so a machine without it fails with the way out. */
export function requireLibvirt(): void {
  const missing = ['virsh', 'qemu-img', 'genisoimage', 'script', 'ssh', 'ssh-keygen'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new Error(
      `The libvirt driver's tests need ${missing.join(', ')}. Install them with:\n  ${LIBVIRT_INSTALL_COMMAND} openssh-client\n(.ci/run does this on a fresh machine.)`,
    );
  }
  try {
    execFileSync('virsh', ['-q', '-c', LIBVIRT_URI, 'version'], { stdio: 'pipe', timeout: 30_000 });
  } catch {
    throw new Error(
      `libvirtd does not answer at ${LIBVIRT_URI}. Start it (as root; without systemd: useradd -r libvirt-qemu; virtlogd -d; libvirtd -d), or run scripts/libvirt/start-libvirt.sh. (.ci/run does this on a fresh machine.)`,
    );
  }
}

/** The test guest image (built on first use, then reused). */
export function testImagePath(): string {
  const output = execFileSync('bash', [buildScript], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 600_000,
  });
  const path = output.trim().split('\n').at(-1) ?? '';
  if (!existsSync(path)) throw new Error(`the test image script printed no image path:\n${output}`);
  return path;
}

export interface TestPool {
  name: string;
  /** Where its volumes live on this machine. */
  directory: string;
  /** Removes every domain whose disk is in the pool, then the volumes and the pool. */
  remove(): void;
}

/**
 * A fresh storage pool holding the test image (or another) as the base volume TEST_IMAGE_VOLUME (or another),
 * in this machine's libvirtd or the one at `uri` (a test's own, tests/support/netns-libvirt.ts).
 */
export function createTestPool(
  imagePath = testImagePath,
  volume = TEST_IMAGE_VOLUME,
  uri = LIBVIRT_URI,
): TestPool {
  requireLibvirt();
  const image = imagePath();
  const name = `ikirere-test-${randomBytes(4).toString('hex')}`;
  const directory = `/var/lib/libvirt/images/${name}`;
  const virshSync = (args: string[], options: { allowFailure?: boolean } = {}) =>
    virshAt(args, { ...options, uri });
  virshSync(['pool-define-as', name, 'dir', '--target', directory]);
  virshSync(['pool-build', name]);
  virshSync(['pool-start', name]);
  virshSync(['vol-create-as', name, volume, String(statSync(image).size), '--format', 'qcow2']);
  virshSync(['vol-upload', '--pool', name, volume, image]);
  return {
    name,
    directory,
    remove() {
      const volumes = virshSync(['vol-list', name], { allowFailure: true });
      // A rebuilt machine's disk is ikirere-<id>-r<n>.qcow2: its domain goes too.
      for (const match of volumes.matchAll(/ikirere-([0-9a-f-]{36})(?:-r\d+)?\.qcow2/g)) {
        virshSync(['destroy', `ikirere-${match[1]}`], { allowFailure: true });
        virshSync(['undefine', `ikirere-${match[1]}`], { allowFailure: true });
      }
      virshSync(['pool-destroy', name], { allowFailure: true });
      virshSync(['pool-delete', name], { allowFailure: true });
      virshSync(['pool-undefine', name], { allowFailure: true });
      execFileSync('rm', ['-rf', directory]);
    },
  };
}

/** A block of loopback ports for SSH forwards, chosen at random so parallel runs do not collide. */
export function randomPortRange(size = 100): string {
  const first = 20_000 + Math.floor(Math.random() * 400) * 100;
  return `${first}-${first + size - 1}`;
}

export interface TestHost {
  name: string;
  location?: string;
  capacity?: { vcpus: number; memoryMb: number; diskGb: number };
  /** As in LIBVIRT_HOSTS; auto (the default there too) unless a test needs emulation forced. */
  acceleration?: 'auto' | 'kvm' | 'emulated';
  /** The rescue system (scripts/libvirt/build-rescue-image.sh, built on first use) for rescue mode. */
  rescue?: boolean;
  /** Another libvirtd than this machine's (a test's own in a network namespace). */
  uri?: string;
  /** As in LIBVIRT_HOSTS; user networking with loopback forwards unless given (a bridge in a test's namespace). */
  network?: Record<string, unknown>;
}

const rescueScript = fileURLToPath(new URL('../../scripts/libvirt/build-rescue-image.sh', import.meta.url));

/** The rescue system's kernel and initramfs (built on first use, then reused). */
export function rescueImage(): { kernel: string; initrd: string } {
  const output = execFileSync('bash', [rescueScript], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 600_000,
  });
  const directory = output.trim().split('\n').at(-1) ?? '';
  const image = { kernel: `${directory}/vmlinuz`, initrd: `${directory}/initrd.gz` };
  if (!existsSync(image.kernel) || !existsSync(image.initrd)) {
    throw new Error(`the rescue image script printed no image directory:\n${output}`);
  }
  return image;
}

/** LIBVIRT_HOSTS for hosts that are all this machine's libvirtd, serving the test image as Debian 12. */
export function libvirtHostsJson(pool: TestPool, hosts: TestHost[]): string {
  return JSON.stringify(
    hosts.map((host) => ({
      name: host.name,
      uri: host.uri ?? LIBVIRT_URI,
      location: host.location ?? 'kgl1',
      capacity: host.capacity ?? { vcpus: 8, memoryMb: 16_384, diskGb: 500 },
      pool: pool.name,
      images: { 'debian-12': TEST_IMAGE_VOLUME },
      // As an operator's host: KVM where libvirt offers it, emulation where it does not, and a guest that
      // KVM fails started again under emulation (tests/libvirt/kvm-fallback.test.ts).
      acceleration: host.acceleration ?? 'auto',
      ...(host.rescue ? { rescue: rescueImage() } : {}),
      network: host.network ?? {
        mode: 'user',
        publishAddress: '127.0.0.1',
        bindAddress: '127.0.0.1',
        ports: randomPortRange(),
      },
    })),
  );
}

/** Whether this machine's libvirt offers KVM (which is not to say KVM works: see kvm-fallback.test.ts). */
export function kvmOffered(): boolean {
  return (
    virshSync(['domcapabilities', '--virttype', 'kvm', '--arch', 'x86_64'], { allowFailure: true }) !== ''
  );
}

/** Our domains in libvirt (`virsh list --all`), by name. */
export function domainNames(): string[] {
  return virshSync(['list', '--all', '--name'])
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('ikirere-'));
}

export function domainStateOf(computeId: string): string {
  return virshSync(['domstate', `ikirere-${computeId}`], { allowFailure: true }).trim() || 'absent';
}

/** Runs `command` as root in a test guest over its loopback SSH forward, with the test's key; its output. */
export function sshAsRoot(keyPath: string, port: number, command: string): string {
  return execFileSync(
    'ssh',
    [
      '-i',
      keyPath,
      '-p',
      String(port),
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      'UserKnownHostsFile=/dev/null',
      '-o',
      'BatchMode=yes',
      '-o',
      'ConnectTimeout=30',
      'root@127.0.0.1',
      command,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 },
  ).trim();
}

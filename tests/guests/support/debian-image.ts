// The Debian 12 cloud image the guest tests boot (scripts/libvirt/build-debian-image.sh, cached), served by
// this machine's libvirtd as `debian-12` from a throwaway pool, on hosts whose guests reach nothing but
// their SSH forward on 127.0.0.1 (QEMU's restrict=on) and run under plain emulation.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTestPool, LIBVIRT_URI, randomPortRange, type TestPool } from '../../support/libvirt';

export const DEBIAN_IMAGE_VOLUME = 'debian-12.qcow2';

const buildScript = fileURLToPath(new URL('../../../scripts/libvirt/build-debian-image.sh', import.meta.url));

/** The image's path; built on first use (as root: mmdebstrap), which takes minutes. */
export function debianImagePath(): string {
  let output: string;
  try {
    output = execFileSync('bash', [buildScript], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 3_600_000,
    });
  } catch (error) {
    throw new Error(
      `The Debian image could not be built (${(error as Error).message}). It needs root, Debian's mirror and\n  sudo apt-get install -y mmdebstrap fdisk e2fsprogs qemu-utils\nthen: sudo bash scripts/libvirt/build-debian-image.sh (.ci/run does both).`,
    );
  }
  const path = output.trim().split('\n').at(-1) ?? '';
  if (!existsSync(path)) throw new Error(`build-debian-image.sh printed no image path:\n${output}`);
  return path;
}

export function createDebianPool(): TestPool {
  return createTestPool(debianImagePath, DEBIAN_IMAGE_VOLUME);
}

/** LIBVIRT_HOSTS: one host in Kigali, this machine's libvirtd, with the Debian image as debian-12. */
export function debianHostsJson(pool: TestPool): string {
  return JSON.stringify([
    {
      name: 'kgl1-guests',
      uri: LIBVIRT_URI,
      location: 'kgl1',
      capacity: { vcpus: 4, memoryMb: 8192, diskGb: 200 },
      pool: pool.name,
      images: { 'debian-12': DEBIAN_IMAGE_VOLUME },
      // KVM stops guests here with "KVM internal error": emulation is slower and dependable.
      acceleration: 'emulated',
      network: {
        mode: 'user',
        publishAddress: '127.0.0.1',
        bindAddress: '127.0.0.1',
        ports: randomPortRange(),
        restrict: true,
      },
    },
  ]);
}

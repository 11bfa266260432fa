// What the serial console and its shell know about the machine at a given moment.
import type { MachineSpec } from '../../compute-driver';

export interface ConsoleFacts {
  spec: MachineSpec;
  ipv4: string | null;
  /** Prefix length of the block the IPv4 address came from. */
  ipv4PrefixLength: number;
  ipv6: string | null;
  ipv6PrefixLength: number;
  now: Date;
  /** Seconds since the guest finished booting (0 while off). */
  uptimeSeconds: number;
  /** Current CPU and memory use in percent, from the same model the monitoring charts show. */
  cpuPercent: number;
  memoryPercent: number;
}

export interface Kernel {
  release: string;
  build: string;
  builder: string;
}

export function kernelOf(image: MachineSpec['image']): Kernel {
  switch (image.family) {
    case 'ubuntu':
      return image.version.startsWith('22')
        ? {
            release: '5.15.0-122-generic',
            build: '#132-Ubuntu SMP Thu Aug 29 13:45:52 UTC 2024',
            builder: 'buildd@lcy02-amd64-106',
          }
        : {
            release: '6.8.0-45-generic',
            build: '#45-Ubuntu SMP PREEMPT_DYNAMIC Fri Aug 30 12:02:04 UTC 2024',
            builder: 'buildd@lcy02-amd64-075',
          };
    case 'debian':
      return {
        release: '6.1.0-26-amd64',
        build: '#1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-09-30)',
        builder: 'debian-kernel@lists.debian.org',
      };
    case 'fedora':
      return {
        release: '6.11.4-301.fc41.x86_64',
        build: '#1 SMP PREEMPT_DYNAMIC Sun Oct 20 15:02:33 UTC 2024',
        builder: 'mockbuild@a1c8ddd4b4f6',
      };
    case 'alpine':
      return {
        release: '6.6.58-0-virt',
        build: '#1-Alpine SMP PREEMPT_DYNAMIC 2024-10-24 09:35:59',
        builder: 'buildozer@build-3-20-x86_64',
      };
    default:
      return {
        release: '5.14.0-427.37.1.el9_4.x86_64',
        build: '#1 SMP PREEMPT_DYNAMIC Wed Sep 25 11:51:41 UTC 2024',
        builder: 'mockbuild@iad1-prod-build001',
      };
  }
}

// What a machine prints on its serial port while it boots and shuts down, shaped after the image's real
// output (kernel ring buffer, systemd or OpenRC) and filled in with the machine's own size and addresses.
import { parse } from 'yaml';
import { userDataKind } from '@/contract/user-data-kind';
import type { MachineSpec } from '../../compute-driver';
import type { ConsoleFacts } from './console-facts';
import { kernelOf } from './console-facts';

const stamp = (seconds: number) => `[${seconds.toFixed(6).padStart(12)}]`;
const ok = (text: string) => `[  \x1b[32mOK\x1b[0m  ] ${text}`;

export function bootLines(facts: ConsoleFacts, firstBoot: boolean): string[] {
  const { spec } = facts;
  const kernel = kernelOf(spec.image);
  const memoryKb = spec.memoryMb * 1024;
  const kernelLines = [
    `${stamp(0)} Linux version ${kernel.release} (${kernel.builder}) ${kernel.build}`,
    `${stamp(0)} Command line: BOOT_IMAGE=/boot/vmlinuz-${kernel.release} root=/dev/vda1 ro console=ttyS0,115200n8`,
    `${stamp(0.000_012)} DMI: Ikirere Simulated Machine/Standard PC (Q35 + ICH9, 2009), BIOS 1.16.3`,
    `${stamp(0.102_433)} smpboot: Allowing ${spec.vcpus} CPUs, 0 hotplug CPUs`,
    `${stamp(0.213_84)} Memory: ${Math.round(memoryKb * 0.93)}K/${memoryKb}K available`,
    `${stamp(0.884_201)} virtio_blk virtio2: [vda] ${spec.diskGb * 2_097_152} 512-byte logical blocks (${(spec.diskGb * 1.073_741_824).toFixed(1)} GB/${spec.diskGb} GiB)`,
    `${stamp(0.902_118)}  vda: vda1 vda15`,
    `${stamp(1.412_607)} EXT4-fs (vda1): mounted filesystem with ordered data mode. Quota mode: none.`,
  ];
  const network = `eth0: ${facts.ipv4 ?? 'no IPv4'}${facts.ipv6 ? `, ${facts.ipv6}` : ''}`;
  if (spec.image.family === 'alpine') {
    return [
      ...kernelLines,
      '',
      '   OpenRC 0.54 is starting up Linux',
      '',
      ' * Mounting /proc ... [ ok ]',
      ' * Remounting root filesystem read/write ... [ ok ]',
      ` * Setting hostname ... [ ok ]`,
      ` * Starting networking ... ${network} [ ok ]`,
      ...(firstBoot
        ? [' * Starting tiny-cloud (first boot: keys, root access) ... [ ok ]', ...userDataLines(spec, ' * ')]
        : []),
      ' * Starting sshd ... [ ok ]',
      ' * Starting crond ... [ ok ]',
    ];
  }
  const ssh =
    spec.image.family === 'ubuntu' || spec.image.family === 'debian' ? 'ssh.service' : 'sshd.service';
  return [
    ...kernelLines,
    `${stamp(2.003_215)} systemd[1]: systemd ${spec.image.family === 'debian' ? '252.30-1~deb12u2' : '255.4'} running in system mode`,
    `${stamp(2.104_511)} systemd[1]: Hostname set to <${spec.hostname}>.`,
    ok('Started systemd-journald.service - Journal Service.'),
    ok('Finished systemd-remount-fs.service - Remount Root and Kernel File Systems.'),
    ok('Reached target local-fs.target - Local File Systems.'),
    ok('Started systemd-networkd.service - Network Configuration.'),
    ok(`Reached target network-online.target - Network is Online (${network}).`),
    ...(firstBoot
      ? [
          ok('Finished cloud-init-local.service - Cloud-init: Local Stage (pre-network).'),
          `         cloud-init: Generating SSH host keys (ed25519, ecdsa, rsa).`,
          spec.sshKeyFingerprint
            ? `         cloud-init: Authorized key for root: ${spec.sshKeyFingerprint}`
            : '         cloud-init: Set the root password (shown once in the console when the compute was made).',
          ok('Finished cloud-init.service - Cloud-init: Network Stage.'),
        ]
      : []),
    ok(`Started ${ssh} - OpenBSD Secure Shell server.`),
    ok('Started cron.service - Regular background program processing daemon.'),
    ok('Reached target multi-user.target - Multi-User System.'),
    ...(firstBoot
      ? [...userDataLines(spec, '         '), ok('Finished cloud-final.service - Cloud-init: Final Stage.')]
      : []),
  ];
}

/**
 * What the first boot says of the compute's own user-data: the simulator runs nothing, so it names what a
 * real guest's cloud-init would have done with it (the keys of a #cloud-config, or the script's interpreter).
 */
function userDataLines(spec: MachineSpec, indent: string): string[] {
  const text = spec.userData;
  if (!text) return [];
  if (userDataKind(text) === 'script') {
    const interpreter = (text.split('\n', 1)[0] ?? '').slice(2).trim();
    return [`${indent}cloud-init: Ran the user-data script (${interpreter}).`];
  }
  const document: unknown = parse(text);
  const keys = document && typeof document === 'object' ? Object.keys(document) : [];
  return [`${indent}cloud-init: Applied the user-data's #cloud-config (${keys.join(', ') || 'no keys'}).`];
}

export function shutdownLines(facts: ConsoleFacts, reboot: boolean): string[] {
  if (facts.spec.image.family === 'alpine') {
    return [
      ' * Stopping crond ... [ ok ]',
      ' * Stopping sshd ... [ ok ]',
      ' * Stopping networking ... [ ok ]',
      ' * Unmounting filesystems ... [ ok ]',
      reboot ? 'The system is going down NOW! Restarting system' : 'The system is going down NOW! Power down',
    ];
  }
  return [
    ok('Stopped target multi-user.target - Multi-User System.'),
    ok('Stopped cron.service - Regular background program processing daemon.'),
    ok('Stopped ssh.service - OpenBSD Secure Shell server.'),
    ok('Stopped systemd-networkd.service - Network Configuration.'),
    ok('Unmounted boot-efi.mount - /boot/efi.'),
    ok(
      `Reached target ${reboot ? 'reboot' : 'poweroff'}.target - System ${reboot ? 'Reboot' : 'Power Off'}.`,
    ),
    `${stamp(facts.uptimeSeconds)} reboot: ${reboot ? 'Restarting system' : 'Power down'}`,
  ];
}

/** The line above the login prompt, as getty prints it. */
export function issueLine(facts: ConsoleFacts): string {
  return `${facts.spec.image.name} ${facts.spec.image.version} ${facts.spec.hostname} ttyS0`;
}

export function motd(facts: ConsoleFacts): string[] {
  return [
    `Welcome to ${facts.spec.image.name} ${facts.spec.image.version} (GNU/Linux ${kernelOf(facts.spec.image).release} x86_64)`,
    '',
    ' This is the serial console of an Ikirere hypervisor simulator machine. Its shell knows:',
    ' hostname, uname -a, uptime, ip addr, df -h, free -m, whoami, date, clear, help and exit.',
    '',
  ];
}

/** The rescue system's boot: a small kernel and initramfs, the compute's disk seen as the second disk. */
export function rescueBootLines(facts: ConsoleFacts): string[] {
  const { spec } = facts;
  const network = `eth0: ${facts.ipv4 ?? 'no IPv4'}${facts.ipv6 ? `, ${facts.ipv6}` : ''}`;
  return [
    'The compute is booting its rescue system; its own disk stays untouched until you mount it.',
    '',
    `${stamp(0)} Linux version 6.1.0-rescue (Ikirere rescue system, Debian 12 packages)`,
    `${stamp(0)} Command line: console=ttyS0,115200n8 rescue`,
    `${stamp(0.884_201)} virtio_blk virtio3: [vdb] ${spec.diskGb * 2_097_152} 512-byte logical blocks (${(spec.diskGb * 1.073_741_824).toFixed(1)} GB/${spec.diskGb} GiB)`,
    `${stamp(0.902_118)}  vdb: vdb1 vdb15`,
    `${stamp(1.2)} Freeing unused kernel image (initmem) memory`,
    `rescue: network up (${network})`,
    'rescue: root signs in with the one-time password or the compute’s SSH keys',
    'rescue: SSH server listening on port 22',
  ];
}

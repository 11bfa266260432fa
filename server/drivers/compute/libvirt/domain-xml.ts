// The libvirt domain a compute becomes (https://libvirt.org/formatdomain.html): its size, its
// copy-on-write disk and cloud-init seed from the host's pool, a serial console, a virtio RNG (a freshly
// booted guest needs entropy for its SSH host keys), a balloon reporting memory statistics, and its
// network: a bridge, or QEMU user networking with the guest's SSH port forwarded from the host; then a card
// on each of its team's private networks it is on (private-networks.ts).
import type { LibvirtHost } from './libvirt-config';

export interface DomainPlan {
  id: string;
  name: string;
  hostname: string;
  vcpus: number;
  memoryMb: number;
  /** kvm, or qemu: plain emulation when the host has no working KVM. */
  type: 'kvm' | 'qemu';
  pool: string;
  diskVolume: string;
  seedVolume: string;
  mac: string;
  network: LibvirtHost['network'];
  /** Bridge: the network filter on the guest's card (its firewall, firewall.ts). */
  filter?: string;
  /** Its cards on private networks, in the order they joined: the libvirt network and the card's MAC. */
  privateCards?: readonly { network: string; mac: string }[];
  /** User networking: the host port forwarded to the guest's port 22. */
  sshPort: number | null;
  /**
   * Rescue mode: the rescue system booted directly from its kernel and initramfs, its seed the first disk
   * and the machine's own disk the second (/dev/vdb); the machine's seed is not attached.
   */
  rescue?: { kernel: string; initrd: string; seedVolume: string };
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`,
  );
}

/** Our domains are named after the compute: unique, recognisable in `virsh list`. */
export function domainName(machineId: string): string {
  return `ikirere-${machineId}`;
}

/** A locally administered MAC in QEMU's prefix, stable for the machine. */
export function macOf(machineId: string): string {
  const hex = machineId.replace(/-/g, '');
  return `52:54:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

// A PCI slot libvirt does not hand out to its own devices (it fills slots upwards from 2).
const USER_NIC_SLOT = '0x1e';

/** A card on a private network (a libvirt network of ours): virtio, no filter (the network is the team's own). */
export function privateCardXml(card: { network: string; mac: string }): string {
  return `    <interface type='network'>
      <source network='${escapeXml(card.network)}'/>
      <mac address='${escapeXml(card.mac)}'/>
      <model type='virtio'/>
    </interface>
`;
}

export function domainXml(plan: DomainPlan): string {
  const x = escapeXml;
  // host-model, not host-passthrough: some hosts abort QEMU on MSRs a passed-through CPU advertises.
  const cpu = plan.type === 'kvm' ? "<cpu mode='host-model'/>\n  " : '';
  const nic =
    plan.network.mode === 'bridge'
      ? `    <interface type='bridge'>
      <source bridge='${x(plan.network.bridge)}'/>
      <mac address='${plan.mac}'/>
      <model type='virtio'/>
${plan.filter ? `      <filterref filter='${x(plan.filter)}'/>\n` : ''}    </interface>\n`
      : '';
  const commandline =
    plan.network.mode === 'user' && plan.sshPort !== null
      ? `  <qemu:commandline>
    <qemu:arg value='-netdev'/>
    <qemu:arg value='user,id=ikirere0${plan.network.restrict ? ',restrict=on' : ''},hostfwd=tcp:${x(plan.network.bindAddress)}:${plan.sshPort}-:22'/>
    <qemu:arg value='-device'/>
    <qemu:arg value='virtio-net-pci,netdev=ikirere0,mac=${plan.mac},bus=pci.0,addr=${USER_NIC_SLOT}'/>
  </qemu:commandline>\n`
      : '';
  const disk = (dev: string) => `    <disk type='volume' device='disk'>
      <driver name='qemu' type='qcow2' discard='unmap'/>
      <source pool='${x(plan.pool)}' volume='${x(plan.diskVolume)}'/>
      <target dev='${dev}' bus='virtio'/>
    </disk>
`;
  const seed = (volume: string, dev: string) => `    <disk type='volume' device='disk'>
      <driver name='qemu' type='raw'/>
      <source pool='${x(plan.pool)}' volume='${x(volume)}'/>
      <target dev='${dev}' bus='virtio'/>
      <readonly/>
    </disk>
`;
  const rescue = plan.rescue;
  const os = rescue
    ? `<os><type arch='x86_64' machine='pc'>hvm</type><kernel>${x(rescue.kernel)}</kernel><initrd>${x(rescue.initrd)}</initrd><cmdline>console=ttyS0,115200 panic=10 loglevel=4</cmdline></os>`
    : "<os><type arch='x86_64' machine='pc'>hvm</type><boot dev='hd'/></os>";
  // In rescue the machine's disk is the second (vdb): the rescue system's seed comes first.
  const disks = rescue
    ? seed(rescue.seedVolume, 'vda') + disk('vdb')
    : disk('vda') + seed(plan.seedVolume, 'vdb');
  return `<domain type='${plan.type}' xmlns:qemu='http://libvirt.org/schemas/domain/qemu/1.0'>
  <name>${x(plan.name)}</name>
  <uuid>${x(plan.id)}</uuid>
  <title>${x(plan.hostname)}</title>
  <description>Ikirere compute ${x(plan.hostname)}</description>
  <memory unit='MiB'>${plan.memoryMb}</memory>
  <vcpu>${plan.vcpus}</vcpu>
  ${os}
  <features><acpi/><apic/></features>
  ${cpu}<clock offset='utc'/>
  <on_poweroff>destroy</on_poweroff>
  <on_reboot>restart</on_reboot>
  <on_crash>destroy</on_crash>
  <devices>
${disks}${nic}${(plan.privateCards ?? []).map(privateCardXml).join('')}    <serial type='pty'><target port='0'/></serial>
    <console type='pty'><target type='serial' port='0'/></console>
    <rng model='virtio'><backend model='random'>/dev/urandom</backend></rng>
    <memballoon model='virtio'><stats period='10'/></memballoon>
  </devices>
${commandline}</domain>
`;
}

// Volume attach → visible in the guest, on the data bench's running guest: a 1 GB volume attached through
// the API (virtio hot-plug) and detached again, a few times, each timed from the request until the guest
// sees the disk (and no longer sees it). The guest looks every 0.1 s over one SSH session kept open for the
// whole figure — the disk list lsblk reads, /sys/block, for a disk of the volume's size: the test image's
// busybox has no lsblk — so the moment is the guest's, not a new SSH connection's.

import { sshArgs } from '../../tests/support/netns-libvirt';
import { type DataGuest, expectAnswer } from './data-guest';
import { watchLines } from './line-watch';

const ATTACHES = 5;
/** 1 GB (the catalog's GB, 1024³ bytes) in 512-byte sectors: the guest's own disks are of other sizes. */
const SECTORS = 1024 ** 3 / 512;

export interface VolumeFigures {
  /** Milliseconds from each attach request until the API answered, and until the guest saw the disk. */
  answered: number[];
  visible: number[];
  /** Milliseconds from each detach request until the disk was gone from the guest. */
  gone: number[];
}

// Prints "present" or "absent" each time it changes (the first look included).
const LOOK = `last=; while :; do now=absent; for f in /sys/block/vd*/size; do [ "$(cat $f)" = ${SECTORS} ] && now=present; done; [ "$now" != "$last" ] && echo $now && last=$now; usleep 100000; done`;

export async function benchVolumeAttach(guest: DataGuest): Promise<VolumeFigures> {
  const { api, teamId, compute, netns } = guest;
  const made = await expectAnswer(
    api('POST', `/teams/${teamId}/volumes`, { name: 'bench', sizeGb: 1, locationId: 'kgl1' }),
    201,
    'create the volume',
  );
  const path = `/teams/${teamId}/volumes/${made.volume.id}`;
  const look = watchLines(['ip', 'netns', 'exec', netns.name, ...sshArgs(guest.keyPath, compute.ipv4, LOOK)]);
  try {
    await look.next('absent', 0, 60_000);
    const figures: VolumeFigures = { answered: [], visible: [], gone: [] };
    for (let index = 0; index < ATTACHES; index++) {
      const began = Date.now();
      await expectAnswer(api('POST', `${path}/attach`, { computeId: compute.id }), 200, 'attach');
      figures.answered.push(Date.now() - began);
      figures.visible.push((await look.next('present', began)) - began);
      const detached = Date.now();
      await expectAnswer(api('POST', `${path}/detach`), 200, 'detach');
      figures.gone.push((await look.next('absent', detached)) - detached);
    }
    await expectAnswer(api('DELETE', path), 204, 'delete the volume');
    return figures;
  } finally {
    look.stop();
  }
}

export const VOLUME_ATTACHES = ATTACHES;

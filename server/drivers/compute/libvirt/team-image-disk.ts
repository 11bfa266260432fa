// A machine made from a team image on libvirt: the image file (a standalone qcow2 on the control plane's
// host) is sent with `vol-upload` into the machine's disk volume (created raw at the file's exact size;
// libvirt detects qcow2 on the pool's refresh), then grown to the plan's disk with `vol-resize` (qemu-img
// resize). A full copy, not an overlay: deleting the image leaves the machine whole.
import { stat } from 'node:fs/promises';
import type { HostConnection } from './host-connection';

/** The upload of an image of a few GB to a slow host. */
const UPLOAD_TIMEOUT_MS = 60 * 60_000;

/** The machine's disk as a copy of the team image (a standalone qcow2), grown to the plan's disk. */
export async function diskFromTeamImage(
  host: HostConnection,
  volume: string,
  diskGb: number,
  imageFile: string,
): Promise<void> {
  const { size } = await stat(imageFile);
  await host.deleteVolume(volume);
  const pool = host.config.pool;
  await host.run(['vol-create-as', pool, volume, String(size), '--format', 'raw'], 60_000);
  await host.run(['vol-upload', '--pool', pool, volume, imageFile], UPLOAD_TIMEOUT_MS);
  await host.run(['pool-refresh', pool], 60_000);
  await host.run(['vol-resize', '--pool', pool, volume, `${diskGb}G`], 120_000);
}

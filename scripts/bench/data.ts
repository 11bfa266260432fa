// Issue 27's figures, on one real guest (scripts/bench/data-guest.ts: a bridge host in a network namespace of
// the bench's own, the server as its own process): a firewall change until a client beside the guest sees
// it (data-firewalls.ts), a volume attach until the guest sees the disk (data-volumes.ts), then — the guest
// powered off — capture, download and upload of a 1 GiB image (data-images.ts). Each figure says "not
// measured" with the reason when it could not be taken (no libvirt, no root for the namespace, a failure),
// without failing the others. `npm run bench -- --only data` runs these alone.

import { realpathSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { requireLibvirt } from '../../tests/support/libvirt';
import { benchFirewallChanges, FIREWALL_CHANGES, type FirewallFigures } from './data-firewalls';
import { type DataGuest, startDataGuest } from './data-guest';
import { benchImages, type ImageFigures } from './data-images';
import { benchVolumeAttach, VOLUME_ATTACHES, type VolumeFigures } from './data-volumes';
import { median } from './page-timing';

type Measured<T> = T | { unavailable: string };

export interface DataFigures {
  guest: Measured<{ acceleration: string | null; running: number; sshReady: number }>;
  firewalls: Measured<FirewallFigures>;
  volumes: Measured<VolumeFigures>;
  images: Measured<ImageFigures>;
  /** The machine's 1-minute load average when the figures began and ended. */
  load: { before: number; after: number };
}

/** The error's first line, with its cause's (fetch's "fetch failed" says nothing without it). */
const reason = (error: unknown) => {
  const { message, cause } = error as Error & { cause?: { code?: string; message?: string } };
  const why = cause ? ` (${[cause.code, cause.message].filter(Boolean).join(': ')})` : '';
  return `${message.split('\n')[0]!}${why}`;
};

async function measured<T>(take: () => Promise<T>): Promise<Measured<T>> {
  try {
    return await take();
  } catch (error) {
    return { unavailable: reason(error) };
  }
}

export async function benchData(): Promise<DataFigures> {
  const before = loadavg()[0]!;
  let guest: DataGuest | undefined;
  let missing: string | undefined;
  try {
    requireLibvirt();
    guest = await startDataGuest();
  } catch (error) {
    missing = reason(error);
  }
  try {
    if (!guest) {
      const unavailable = { unavailable: missing! };
      return {
        guest: unavailable,
        firewalls: unavailable,
        volumes: unavailable,
        images: unavailable,
        load: { before, after: loadavg()[0]! },
      };
    }
    const ready = guest;
    const firewalls = await measured(() => benchFirewallChanges(ready));
    const volumes = await measured(() => benchVolumeAttach(ready));
    // Last: it powers the guest off.
    const images = await measured(() => benchImages(ready));
    return {
      guest: { acceleration: guest.compute.acceleration, ...guest.boot },
      firewalls,
      volumes,
      images,
      load: { before, after: loadavg()[0]! },
    };
  } finally {
    await guest?.remove();
  }
}

const seconds = (ms: number[]) => ms.map((value) => (value / 1000).toFixed(1)).join(', ');
const mib = (bytes: number) => bytes / 1024 ** 2;
const rate = (bytes: number, time: number) => `${(mib(bytes) / time).toFixed(1)} MiB/s`;

export function printDataFigures(figures: DataFigures): boolean {
  const { guest, firewalls, volumes, images, load } = figures;
  console.log(
    `\nData on a real guest (libvirt, a bridge host in a network namespace of the bench's own; load average ${load.before.toFixed(1)} at the start, ${load.after.toFixed(1)} at the end, on ${cpus().length} cores)`,
  );
  if ('unavailable' in guest) {
    console.log(`  images, volume attach, firewall change: not measured: ${guest.unavailable}`);
    return true;
  }
  console.log(
    `  the guest (1 vCPU · 1 GB, test image, ${guest.acceleration === 'kvm' ? 'KVM' : 'plain QEMU emulation'}): Running after ${guest.running.toFixed(1)} s, SSH after ${guest.sshReady.toFixed(1)} s`,
  );
  if ('unavailable' in firewalls)
    console.log(`  firewall change → enforced: not measured: ${firewalls.unavailable}`);
  else {
    console.log(
      `  firewall change → enforced (a rule for a web server's port added, then taken out, ${FIREWALL_CHANGES} times each, through the API; seen by a client on the bridge trying a new connection every 0.1 s): open after ${(median(firewalls.opened) / 1000).toFixed(1)} s median (${seconds(firewalls.opened)} s), closed after ${(median(firewalls.closed) / 1000).toFixed(1)} s median (${seconds(firewalls.closed)} s); the API answered after ${(median(firewalls.answered) / 1000).toFixed(1)} s median (libvirt has the guest's new filter by then)`,
    );
  }
  if ('unavailable' in volumes)
    console.log(`  volume attach → visible: not measured: ${volumes.unavailable}`);
  else {
    console.log(
      `  volume attach → visible in the guest (a 1 GB volume hot-plugged into the running guest ${VOLUME_ATTACHES} times through the API; the guest's disk list read every 0.1 s over one SSH session): visible after ${(median(volumes.visible) / 1000).toFixed(1)} s median (${seconds(volumes.visible)} s; the API answered after ${(median(volumes.answered) / 1000).toFixed(1)} s median); detach → gone after ${(median(volumes.gone) / 1000).toFixed(1)} s median`,
    );
  }
  if ('unavailable' in images) {
    console.log(`  images, 1 GiB: not measured: ${images.unavailable}`);
    return true;
  }
  const { capture, download, link, upload } = images;
  console.log(
    `  capture of the stopped guest holding 1 GiB of random data (written with qemu-io in ${images.written.toFixed(1)} s, not counted): ${mib(capture.bytes).toFixed(0)} MiB image in ${capture.seconds.toFixed(1)} s, ${rate(capture.bytes, capture.seconds)} (the request to available: the host's qemu-img convert through the overlay, vol-download into the server's image directory, the server's qemu-img info)`,
  );
  console.log(
    `  download of that image through the API (GET …/images/:id/file with the token, the body counted and dropped): ${download.seconds.toFixed(1)} s, ${rate(download.bytes, download.seconds)}; through a download link with no session: ${link.seconds.toFixed(1)} s, ${rate(link.bytes, link.seconds)}`,
  );
  console.log(
    `  upload of a 1 GiB qcow2 (1 GiB of random data, PUT …/images/:newId/file streamed with its Content-Length): ${mib(upload.bytes).toFixed(0)} MiB answered 201 after ${upload.seconds.toFixed(1)} s, ${rate(upload.bytes, upload.seconds)} (the body sent in ${upload.sent.toFixed(1)} s, ${rate(upload.bytes, upload.sent)}; the rest the server's qemu-img info, qemu-img convert to a standalone qcow2 and its check)`,
  );
  return true;
}

// `npx tsx scripts/bench/data.ts` runs it alone; importing runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  printDataFigures(await benchData());
}

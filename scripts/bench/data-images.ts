// Images of 1 GiB on the data bench's guest: 1 GiB of random bytes (nothing to compress) written into the
// stopped guest's disk on the host with qemu-io (in the namespace's libvirtd's own view of its files, past
// the guest's file system), then captured through the API (the host's `qemu-img convert` through the
// overlay's chain, `vol-download` into the server's image directory, the server's `qemu-img info`), the
// image downloaded through the API (the file route with the token, then a download link with no session),
// and a 1 GiB qcow2 of the same bytes uploaded (streamed to disk, checked with `qemu-img info`, converted
// with `qemu-img convert`, checked again) — each timed from its request to its answer's last byte.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { virshSync } from '../../tests/support/libvirt';
import { until } from '../../tests/support/until';
import { type DataGuest, expectAnswer } from './data-guest';

const GIB = 1024 ** 3;

export interface ImageFigures {
  /** Seconds qemu-io took to write the GiB into the stopped disk (not part of any figure). */
  written: number;
  capture: { seconds: number; bytes: number };
  download: { seconds: number; bytes: number };
  link: { seconds: number; bytes: number };
  upload: { seconds: number; sent: number; bytes: number };
}

function randomFile(path: string): void {
  const file = openSync(path, 'wx', 0o600);
  try {
    for (let written = 0; written < GIB; written += 16 * 1024 ** 2)
      writeSync(file, randomBytes(16 * 1024 ** 2));
  } finally {
    closeSync(file);
  }
}

/** Streams a GET's body to nowhere, counting it; seconds from the request to its last byte. */
async function timedDownload(url: string, headers: Record<string, string> = {}) {
  const began = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
  return { seconds: (performance.now() - began) / 1000, bytes };
}

/** PUTs the file as curl -T does (streamed, with its Content-Length); seconds to the body sent and to the answer. */
function timedUpload(url: string, token: string, path: string) {
  const size = statSync(path).size;
  return new Promise<{ seconds: number; sent: number; bytes: number }>((resolve, reject) => {
    const began = performance.now();
    let sent = 0;
    const put = request(
      url,
      { method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Content-Length': String(size) } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          if (response.statusCode !== 201)
            reject(new Error(`the upload answered ${response.statusCode}: ${body}`));
          else resolve({ seconds: (performance.now() - began) / 1000, sent, bytes: size });
        });
      },
    );
    put.on('finish', () => {
      sent = (performance.now() - began) / 1000;
    });
    put.on('error', reject);
    createReadStream(path).on('error', reject).pipe(put);
  });
}

export async function benchImages(guest: DataGuest): Promise<ImageFigures> {
  const { api, teamId, compute, netns, pool, server, token } = guest;
  const base = `${server.url}/resource-manager/api/v1/teams/${teamId}/images`;
  const directory = mkdtempSync(join(tmpdir(), 'ikirere-bench-images-'));
  try {
    const random = join(directory, 'random.bin');
    randomFile(random);
    await expectAnswer(
      api('POST', `/teams/${teamId}/computes/${compute.id}/actions`, { type: 'power_off' }),
      202,
      'power off',
    );
    await until(
      'the guest to stop',
      () => api('GET', `/teams/${teamId}/computes/${compute.id}`),
      (answer) => answer.body?.status === 'stopped',
      300_000,
    );
    // The guest's disk (a volume of the pool, an overlay on its base image) where its libvirtd has it.
    const volume = virshSync(['domblklist', '--details', `ikirere-${compute.id}`], { uri: netns.uri })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .find((fields) => fields[2] === 'vda')?.[3];
    if (!volume) throw new Error('the guest has no vda');
    const disk = volume.startsWith('/')
      ? volume
      : virshSync(['vol-path', '--pool', pool.name, volume], { uri: netns.uri }).trim();
    const writeBegan = performance.now();
    // At 4 GiB of its 25: past the guest's own FAT file system, which it boots from.
    netns.execBesideDaemons(['qemu-io', '-f', 'qcow2', '-c', `write -q -s ${random} 4G 1G`, disk], {
      timeoutMs: 900_000,
    });
    const written = (performance.now() - writeBegan) / 1000;

    const captureBegan = performance.now();
    const capture = await expectAnswer(
      api('POST', `/teams/${teamId}/images`, { computeId: compute.id, name: 'bench-1gib' }),
      202,
      'capture',
    );
    const captured = await until(
      'the capture to end',
      () => api('GET', `/teams/${teamId}/images/${capture.id}`),
      (answer) => answer.body?.status !== 'creating',
      1_800_000,
      200,
    );
    if (captured.body.status !== 'available')
      throw new Error(`the capture failed: ${JSON.stringify(captured.body)}`);
    const seconds = (performance.now() - captureBegan) / 1000;
    const sizeBytes = captured.body.sizeBytes as number;

    const download = await timedDownload(`${base}/${capture.id}/file`, { Authorization: `Bearer ${token}` });
    const linked = await expectAnswer(
      api('POST', `/teams/${teamId}/images/${capture.id}/download-link`),
      201,
      'the download link',
    );
    const link = await timedDownload(`${server.url}${linked.url}`);
    for (const got of [download, link]) {
      if (got.bytes !== sizeBytes) throw new Error(`a download gave ${got.bytes} bytes of ${sizeBytes}`);
    }

    const qcow2 = join(directory, 'upload.qcow2');
    execFileSync('qemu-img', ['convert', '-q', '-f', 'raw', '-O', 'qcow2', random, qcow2]);
    rmSync(random);
    const upload = await timedUpload(
      `${base}/${randomUUID()}/file?name=bench-upload&operatingSystemId=debian-12`,
      token,
      qcow2,
    );
    return { written, capture: { seconds, bytes: sizeBytes }, download, link, upload };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

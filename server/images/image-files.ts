// The image directory: each available image is `<id>.qcow2`, a standalone qcow2 the server wrote itself
// (captured by the driver, or converted from an upload). Files being made carry a `.part` suffix and are
// renamed only once complete, so a crash never leaves a half-made file under an image's name.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MAX_IMAGE_VIRTUAL_BYTES } from '@/contract/images';
import { t } from '../i18n/t';
import { type DiskFormat, formatOf, readHead } from './disk-format';

const run = promisify(execFile);

export interface DiskFacts {
  sizeBytes: number;
  virtualSizeBytes: number;
}

/** The image cannot be kept, and why, in words the uploader can act on. */
export class ImageRefused extends Error {}

interface QemuImgInfo {
  format?: string;
  'virtual-size'?: number;
  'backing-filename'?: string;
  'full-backing-filename'?: string;
  encrypted?: boolean;
  'format-specific'?: { type?: string; data?: { 'data-file'?: string; 'data-file-raw'?: boolean } };
}

/**
 * A file being received or converted is written to as it goes: one untouched this long was left by a server
 * that stopped mid-upload (a crash, a kill), and no upload will ever finish it.
 */
export const ABANDONED_AFTER_MS = 60 * 60_000;

export class ImageFiles {
  constructor(readonly directory: string) {}

  async ready(): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
  }

  /**
   * Removes the temporary files no upload is writing any more (at the service's start: what a crash or a
   * kill mid-upload left). Several servers may share the directory, so a file is judged by when it was last
   * written, not by which server started it.
   */
  async removeAbandoned(now = Date.now()): Promise<string[]> {
    const removed: string[] = [];
    for (const name of await readdir(this.directory)) {
      if (!/^incoming-[0-9a-f-]+\.part$/.test(name)) continue;
      const path = join(this.directory, name);
      const written = await stat(path).then(
        (facts) => facts.mtimeMs,
        () => undefined,
      );
      if (written === undefined || now - written < ABANDONED_AFTER_MS) continue;
      await rm(path, { force: true });
      removed.push(name);
    }
    return removed;
  }

  pathOf(imageId: string): string {
    return join(this.directory, `${imageId}.qcow2`);
  }

  /** A fresh name for a file being received or made (removed with removeTemporary). */
  temporaryPath(): string {
    return join(this.directory, `incoming-${randomUUID()}.part`);
  }

  async remove(imageId: string): Promise<void> {
    await rm(this.pathOf(imageId), { force: true });
  }

  /**
   * Checks a received file and writes it as the image's standalone qcow2: its format decided from its
   * header (qcow2 or raw, never probed), then qemu-img info on that format only — no backing file, no
   * external data file, not encrypted, a virtual size within limits — then qemu-img convert into a file of
   * its own (`converted`), which `place` gives the image's name once the image is the caller's. Throws
   * ImageRefused with the reason, leaving nothing.
   */
  async importFile(received: string): Promise<{ facts: DiskFacts; converted: string }> {
    const verdict = formatOf(await readHead(received));
    if (!verdict.ok) throw new ImageRefused(verdict.reason);
    await this.check(received, verdict.format);
    const converted = this.temporaryPath();
    try {
      await run('qemu-img', ['convert', '-q', '-f', verdict.format, '-O', 'qcow2', received, converted], {
        timeout: 60 * 60_000,
      });
      return { facts: await this.check(converted, 'qcow2'), converted };
    } catch (error) {
      await rm(converted, { force: true });
      throw error;
    }
  }

  /** Makes a converted file the image's own (an upload whose row is now the caller's). */
  async place(converted: string, imageId: string): Promise<void> {
    await rename(converted, this.pathOf(imageId));
  }

  /** The facts of a file the driver wrote (a capture), checked like an upload: standalone qcow2. */
  async factsOf(imageId: string): Promise<DiskFacts> {
    const path = this.pathOf(imageId);
    const verdict = formatOf(await readHead(path));
    if (!verdict.ok || verdict.format !== 'qcow2') {
      throw new ImageRefused(verdict.ok ? t('images.problem.format.captureNotQcow2') : verdict.reason);
    }
    return this.check(path, 'qcow2');
  }

  private async check(path: string, format: DiskFormat): Promise<DiskFacts> {
    let info: QemuImgInfo;
    try {
      const { stdout } = await run('qemu-img', ['info', '--output=json', '-f', format, path], {
        timeout: 60_000,
      });
      info = JSON.parse(stdout) as QemuImgInfo;
    } catch {
      throw new ImageRefused(t('images.problem.format.unreadable', { format }));
    }
    if (info.format !== format) throw new ImageRefused(t('images.problem.format.notFormat', { format }));
    if (info['backing-filename'] || info['full-backing-filename']) {
      throw new ImageRefused(t('images.problem.format.backingFile'));
    }
    const data = info['format-specific']?.data;
    if (data?.['data-file'] || data?.['data-file-raw']) {
      throw new ImageRefused(t('images.problem.format.externalData'));
    }
    if (info.encrypted) throw new ImageRefused(t('images.problem.format.encrypted'));
    const virtualSize = info['virtual-size'] ?? 0;
    if (virtualSize <= 0) throw new ImageRefused(t('images.problem.format.empty'));
    if (virtualSize > MAX_IMAGE_VIRTUAL_BYTES) {
      throw new ImageRefused(
        t('images.problem.format.tooLarge', {
          size: gib(virtualSize),
          largest: gib(MAX_IMAGE_VIRTUAL_BYTES),
        }),
      );
    }
    const { size } = await stat(path);
    return { sizeBytes: size, virtualSizeBytes: virtualSize };
  }
}

function gib(bytes: number): string {
  return (bytes / 1024 ** 3).toFixed(bytes % 1024 ** 3 === 0 ? 0 : 1);
}

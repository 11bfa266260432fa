// Which format an image file is, decided from its first bytes before any tool opens it: qemu-img must never
// be left to probe a file that could name another file on the host (a qcow2 backing file or external data
// file, a VMDK descriptor's extents). Only qcow2 without either, and raw, are taken; other formats are
// refused by name so the person knows to convert them.
import { open } from 'node:fs/promises';
import { t } from '../i18n/t';

export type DiskFormat = 'qcow2' | 'raw';

export type FormatVerdict = { ok: true; format: DiskFormat } | { ok: false; reason: string };

const QCOW2_MAGIC = 0x514649fb;
/** qcow2 v3 incompatible feature bit 2: the guest data lives in an external data file. */
const EXTERNAL_DATA_FILE = 1n << 2n;
/** Header extension naming the external data file. */
const DATA_FILE_EXTENSION = 0x44415441;

const OTHER_FORMATS: { name: string; matches: (head: Buffer) => boolean }[] = [
  { name: 'VMDK', matches: (head) => head.subarray(0, 4).toString('latin1') === 'KDMV' },
  {
    name: 'VMDK (descriptor)',
    matches: (head) => head.subarray(0, 64).toString('latin1').includes('# Disk DescriptorFile'),
  },
  { name: 'VHDX', matches: (head) => head.subarray(0, 8).toString('latin1') === 'vhdxfile' },
  { name: 'VHD', matches: (head) => head.subarray(0, 8).toString('latin1') === 'conectix' },
  { name: 'VDI', matches: (head) => head.subarray(0x40, 0x44).readUInt32LE(0) === 0xbeda107f },
  { name: 'QED', matches: (head) => head.subarray(0, 4).toString('latin1') === 'QED\0' },
  { name: 'LUKS', matches: (head) => head.subarray(0, 6).equals(Buffer.from('LUKS\xba\xbe', 'latin1')) },
  {
    name: 'qcow (version 1)',
    matches: (head) => head.readUInt32BE(0) === QCOW2_MAGIC && head.readUInt32BE(4) === 1,
  },
];

export async function readHead(path: string, bytes = 64 * 1024): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The format of a file whose first bytes (up to 64 KiB, or all of a smaller file) are `head`. */
export function formatOf(head: Buffer): FormatVerdict {
  if (head.length >= 0x44) {
    const other = OTHER_FORMATS.find((format) => format.matches(head));
    if (other) {
      return {
        ok: false,
        reason: t('images.problem.format.other', { format: other.name }),
      };
    }
  }
  if (head.length < 4 || head.readUInt32BE(0) !== QCOW2_MAGIC) return { ok: true, format: 'raw' };
  if (head.length < 72) return { ok: false, reason: t('images.problem.format.headerShort') };
  const version = head.readUInt32BE(4);
  if (version !== 2 && version !== 3)
    return { ok: false, reason: t('images.problem.format.version', { version }) };
  if (head.readBigUInt64BE(8) !== 0n || head.readUInt32BE(16) !== 0) {
    return {
      ok: false,
      reason: t('images.problem.format.backingFile'),
    };
  }
  if (version === 3) {
    if (head.length < 104) return { ok: false, reason: t('images.problem.format.headerShort') };
    if ((head.readBigUInt64BE(72) & EXTERNAL_DATA_FILE) !== 0n) {
      return {
        ok: false,
        reason: t('images.problem.format.externalData'),
      };
    }
    if (hasExtension(head, DATA_FILE_EXTENSION)) {
      return { ok: false, reason: t('images.problem.format.namesDataFile') };
    }
  }
  return { ok: true, format: 'qcow2' };
}

/** Whether the qcow2 v3 header's extensions (after its header_length) include `type`. */
function hasExtension(head: Buffer, type: number): boolean {
  let offset = head.readUInt32BE(100);
  while (offset + 8 <= head.length) {
    const kind = head.readUInt32BE(offset);
    if (kind === 0) return false;
    if (kind === type) return true;
    const length = head.readUInt32BE(offset + 4);
    offset += 8 + Math.ceil(length / 8) * 8;
  }
  return false;
}

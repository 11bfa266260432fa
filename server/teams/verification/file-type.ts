// Decides a file's type from its bytes alone (SPEC §3 upload types). The name and the browser's
// Content-Type are whatever the sender chose; the content is what a program opening the file will see.
import type { UploadType } from '@/contract/teams';
import { isZip, officeDocumentType } from './office-zip';
import { isOle2, ole2DocumentType } from './ole2';
import { inspectSvg } from './svg';

export type Detection =
  | { ok: true; type: UploadType }
  | { ok: false; reason: 'unrecognised' | 'svg-with-active-content' };

/** What each type is served as (downloads always go out as attachments). */
export const MIME_TYPES: Record<UploadType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  quicktime: 'video/quicktime',
};

/** ISO base media major brands that mean an MP4 video (HEIC and AVIF images share the container). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'MSNV',
  'mmp4',
  'XAVC',
]);
/** Top-level atoms that may open a QuickTime file written before the ftyp atom existed. */
const CLASSIC_QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'pnot']);

export function detectFileType(bytes: Uint8Array): Detection {
  const binary = detectBinary(bytes);
  if (binary) return { ok: true, type: binary };
  const svg = inspectSvg(bytes);
  if (svg === 'svg') return { ok: true, type: 'svg' };
  return { ok: false, reason: svg === 'svg-with-active-content' ? svg : 'unrecognised' };
}

function detectBinary(bytes: Uint8Array): UploadType | undefined {
  if (startsWith(bytes, '%PDF-')) return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    startsWithBytes(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    ascii(bytes, 12, 4) === 'IHDR'
  ) {
    return 'png';
  }
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'RIFF') && ascii(bytes, 8, 4) === 'WEBP' && /^VP8[ LX]$/.test(ascii(bytes, 12, 4))) {
    return 'webp';
  }
  if (isOle2(bytes)) return ole2DocumentType(bytes);
  if (isZip(bytes)) return officeDocumentType(bytes);
  return isoMediaType(bytes) ?? webmType(bytes);
}

function isoMediaType(bytes: Uint8Array): UploadType | undefined {
  if (bytes.length < 16) return undefined;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const boxType = ascii(bytes, 4, 4);
  if (boxType === 'ftyp') {
    if (boxSize < 16 || boxSize > 4096 || boxSize > bytes.length) return undefined;
    const major = ascii(bytes, 8, 4);
    if (major === 'qt  ') return 'quicktime';
    if (MP4_BRANDS.has(major)) return 'mp4';
    const compatible: string[] = [];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) compatible.push(ascii(bytes, offset, 4));
    return compatible.includes('qt  ') ? 'quicktime' : undefined;
  }
  if (CLASSIC_QUICKTIME_ATOMS.has(boxType) && boxSize >= 8) return 'quicktime';
  return undefined;
}

/** WebM is Matroska with the DocType "webm" in its EBML header; other Matroska files are not accepted. */
function webmType(bytes: Uint8Array): UploadType | undefined {
  if (!startsWithBytes(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return undefined;
  const header = bytes.subarray(0, 64);
  for (let i = 4; i + 2 < header.length; i++) {
    // DocType element 0x4282, then its size as a one-byte EBML integer (0x80 | length).
    if (header[i] === 0x42 && header[i + 1] === 0x82) {
      const size = (header[i + 2] ?? 0) & 0x7f;
      return ascii(bytes, i + 3, size) === 'webm' ? 'webm' : undefined;
    }
  }
  return undefined;
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return ascii(bytes, 0, text.length) === text;
}

function startsWithBytes(bytes: Uint8Array, expected: number[]): boolean {
  return expected.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

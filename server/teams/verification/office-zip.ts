// Tells Word, Excel and PowerPoint files (docx, xlsx, pptx) apart from each other and from any other ZIP
// (a Java archive, an Android app, a plain archive): the package's [Content_Types].xml must declare the
// main part of exactly that kind of document, and the part must be in the archive. Macro-enabled
// variants (docm, xlsm, pptm) declare other content types and are therefore not recognised.
import { inflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** [Content_Types].xml is a few kilobytes; more is a decompression bomb, not a document. */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

export type OfficeDocument = 'docx' | 'xlsx' | 'pptx';

const MAIN_PART_TYPES: Record<OfficeDocument, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
};

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && readUint32(bytes, 0) === LOCAL_HEADER;
}

export function officeDocumentType(bytes: Uint8Array): OfficeDocument | undefined {
  if (!isZip(bytes)) return undefined;
  try {
    const entries = centralDirectory(bytes);
    const contentTypes = entries.get('[Content_Types].xml');
    if (!contentTypes) return undefined;
    const xml = new TextDecoder('utf-8', { fatal: true }).decode(entryData(bytes, contentTypes));
    for (const [kind, contentType] of Object.entries(MAIN_PART_TYPES) as [OfficeDocument, string][]) {
      const partName = mainPartName(xml, contentType);
      if (partName && entries.has(partName.replace(/^\//, ''))) return kind;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** The PartName of the <Override> whose ContentType is the given one, attributes in any order. */
function mainPartName(xml: string, contentType: string): string | undefined {
  for (const match of xml.matchAll(/<Override\b([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    const type = /\bContentType\s*=\s*"([^"]*)"/.exec(attributes)?.[1];
    const part = /\bPartName\s*=\s*"([^"]*)"/.exec(attributes)?.[1];
    if (type === contentType && part) return part;
  }
  return undefined;
}

function centralDirectory(bytes: Uint8Array): Map<string, Entry> {
  const end = findEndOfCentralDirectory(bytes);
  if (end === undefined) throw new Error('no end of central directory');
  const count = readUint16(bytes, end + 10);
  let offset = readUint32(bytes, end + 16);
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || readUint32(bytes, offset) !== CENTRAL_HEADER) {
      throw new Error('bad central directory');
    }
    const nameLength = readUint16(bytes, offset + 28);
    const extraLength = readUint16(bytes, offset + 30);
    const commentLength = readUint16(bytes, offset + 32);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    entries.set(name, {
      name,
      method: readUint16(bytes, offset + 10),
      compressedSize: readUint32(bytes, offset + 20),
      localHeaderOffset: readUint32(bytes, offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndOfCentralDirectory(bytes: Uint8Array): number | undefined {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= lowest; offset--) {
    if (readUint32(bytes, offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return undefined;
}

function entryData(bytes: Uint8Array, entry: Entry): Uint8Array {
  const offset = entry.localHeaderOffset;
  if (offset + 30 > bytes.length || readUint32(bytes, offset) !== LOCAL_HEADER) {
    throw new Error('bad local header');
  }
  const start = offset + 30 + readUint16(bytes, offset + 26) + readUint16(bytes, offset + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.subarray(0, MAX_CONTENT_TYPES_BYTES);
  if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: MAX_CONTENT_TYPES_BYTES });
  throw new Error('unsupported compression');
}

function readUint16(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return (readUint16(bytes, offset) | (readUint16(bytes, offset + 2) << 16)) >>> 0;
}

// The smallest files of each upload type that a program would recognise by content, built byte by byte,
// and the impostors the upload check must refuse (programs, archives, scripted SVG).
import { crc32, deflateRawSync } from 'node:zlib';

const ascii = (text: string) => Buffer.from(text, 'latin1');

export const pdf = () =>
  ascii('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const jpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    ascii('JFIF\0'),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]);

export const png = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    ascii('IHDR'),
    Buffer.alloc(17),
  ]);

export const gif = () => Buffer.concat([ascii('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), ascii(';')]);

export const webp = () =>
  Buffer.concat([ascii('RIFF'), Buffer.from([26, 0, 0, 0]), ascii('WEBPVP8L'), Buffer.alloc(18)]);

export const svg = (body = '<rect width="10" height="10" fill="#6b63ff"/>') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>\n`,
  );

function isoMedia(major: string, compatible: string[]): Buffer {
  const size = 16 + compatible.length * 4;
  const header = Buffer.alloc(4);
  header.writeUInt32BE(size);
  return Buffer.concat([
    header,
    ascii('ftyp'),
    ascii(major),
    Buffer.alloc(4),
    ...compatible.map(ascii),
    Buffer.alloc(32),
  ]);
}

export const mp4 = () => isoMedia('isom', ['isom', 'iso2', 'avc1', 'mp41']);
export const quicktime = () => isoMedia('qt  ', ['qt  ']);
/** HEIC shares the MP4 container; it is an image type the list does not accept. */
export const heic = () => isoMedia('heic', ['mif1', 'heic']);

function ebml(docType: string): Buffer {
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length]),
    ascii(docType),
    Buffer.alloc(32),
  ]);
}
export const webm = () => ebml('webm');
export const matroska = () => ebml('matroska');

// ── OLE2 compound files (doc, xls, ppt): header, one FAT sector, one directory sector ──────────────────

function ole2(streamName: string): Buffer {
  const sector = 512;
  const header = Buffer.alloc(sector, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(1, 48); // the directory starts at sector 1
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(0xfffffffe, 60);
  header.writeUInt32LE(0xfffffffe, 68);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 76 + i * 4);

  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 holds the FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1 (directory) ends its chain

  const directory = Buffer.alloc(sector, 0);
  const entry = (index: number, name: string, type: number) => {
    const offset = index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(directory, offset);
    directory.writeUInt16LE(encoded.length, offset + 64);
    directory[offset + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  return Buffer.concat([header, fat, directory]);
}

export const doc = () => ole2('WordDocument');
export const xls = () => ole2('Workbook');
export const ppt = () => ole2('PowerPoint Document');
/** A Windows installer is an OLE2 file too, but no document. */
export const msi = () => ole2('\u4840\u3f3f\u4577');

// ── ZIP packages (docx, xlsx, pptx) ──────────────────────────────────────────────────────────────────

export function zip(files: Record<string, string>, deflate = true): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const stored = deflate ? deflateRawSync(data) : data;
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function officePackage(partName: string, contentType: string): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override ContentType="${contentType}" PartName="/${partName}"/></Types>`,
    '_rels/.rels': '<Relationships/>',
    [partName]: '<document/>',
  });
}

const OOXML = 'application/vnd.openxmlformats-officedocument';
export const docx = () => officePackage('word/document.xml', `${OOXML}.wordprocessingml.document.main+xml`);
export const xlsx = () => officePackage('xl/workbook.xml', `${OOXML}.spreadsheetml.sheet.main+xml`);
export const pptx = () =>
  officePackage('ppt/presentation.xml', `${OOXML}.presentationml.presentation.main+xml`);
/** A Word file with macros: same layout, another content type, not on the list. */
export const docm = () =>
  officePackage('word/document.xml', 'application/vnd.ms-word.document.macroEnabled.main+xml');
export const plainZip = () => zip({ 'notes.txt': 'hello', 'run.sh': '#!/bin/sh\necho hi\n' });

// ── Impostors ────────────────────────────────────────────────────────────────────────────────────────

/** The start of a Linux executable. */
export const elf = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

/** The start of a Windows executable. */
export const windowsExe = () => {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(128, 60);
  bytes.write('PE\0\0', 128, 'latin1');
  return bytes;
};

export const html = () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

export function file(bytes: Uint8Array, name: string, browserType = 'application/octet-stream'): File {
  return new File([new Uint8Array(bytes)], name, { type: browserType });
}

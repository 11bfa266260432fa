// Tells Word, Excel and PowerPoint 97–2003 files apart: all three are OLE2 compound files (a small FAT
// file system in one file), and only the names of the streams inside say which program wrote it. Other
// compound files (Windows installers, Outlook messages) are not documents and get no type.
const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_BYTES = 128;

export type Ole2Document = 'doc' | 'xls' | 'ppt';

export function isOle2(bytes: Uint8Array): boolean {
  return SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** The document kind by its stream names, or undefined for any other or malformed compound file. */
export function ole2DocumentType(bytes: Uint8Array): Ole2Document | undefined {
  if (!isOle2(bytes) || bytes.length < 512) return undefined;
  try {
    const names = directoryNames(bytes);
    if (names.has('WordDocument')) return 'doc';
    if (names.has('Workbook') || names.has('Book')) return 'xls';
    if (names.has('PowerPoint Document')) return 'ppt';
    return undefined;
  } catch {
    return undefined;
  }
}

function directoryNames(bytes: Uint8Array): Set<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectorShift = view.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) throw new Error('unexpected sector size');
  const sectorSize = 1 << sectorShift;
  const entriesPerSector = sectorSize / 4;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const readSectorEntry = (sector: number, index: number) => {
    const offset = sectorOffset(sector) + index * 4;
    if (offset + 4 > bytes.length) throw new Error('sector outside the file');
    return view.getUint32(offset, true);
  };
  // Every sector number can appear at most once in a sane chain: a bound against crafted loops.
  const maxSectors = Math.ceil(bytes.length / sectorSize);

  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) {
    const sector = view.getUint32(76 + i * 4, true);
    if (sector !== FREE_SECTOR && sector !== END_OF_CHAIN) fatSectors.push(sector);
  }
  let difatSector = view.getUint32(68, true);
  for (let hops = 0; difatSector !== END_OF_CHAIN && difatSector !== FREE_SECTOR; hops++) {
    if (hops > maxSectors) throw new Error('DIFAT loop');
    for (let i = 0; i < entriesPerSector - 1; i++) {
      const sector = readSectorEntry(difatSector, i);
      if (sector !== FREE_SECTOR && sector !== END_OF_CHAIN) fatSectors.push(sector);
    }
    difatSector = readSectorEntry(difatSector, entriesPerSector - 1);
  }
  const next = (sector: number): number => {
    const fatSector = fatSectors[Math.floor(sector / entriesPerSector)];
    if (fatSector === undefined) throw new Error('sector outside the FAT');
    return readSectorEntry(fatSector, sector % entriesPerSector);
  };

  const names = new Set<string>();
  let sector = view.getUint32(48, true);
  for (let hops = 0; sector !== END_OF_CHAIN; hops++) {
    if (hops > maxSectors || sector === FREE_SECTOR) throw new Error('bad directory chain');
    for (let entry = 0; entry < sectorSize / DIRECTORY_ENTRY_BYTES; entry++) {
      const offset = sectorOffset(sector) + entry * DIRECTORY_ENTRY_BYTES;
      if (offset + DIRECTORY_ENTRY_BYTES > bytes.length) throw new Error('entry outside the file');
      const nameBytes = view.getUint16(offset + 64, true);
      const objectType = bytes[offset + 66];
      // 1 storage, 2 stream, 5 root; the name length counts its terminating NUL.
      if ((objectType === 1 || objectType === 2) && nameBytes >= 2 && nameBytes <= 64) {
        names.add(new TextDecoder('utf-16le').decode(bytes.subarray(offset, offset + nameBytes - 2)));
      }
    }
    sector = next(sector);
  }
  return names;
}

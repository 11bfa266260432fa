// What kind of user-data a text is, from its first line, and how large it may be: without the YAML parser,
// so pages that only show a compute's user-data don't load it (the checks are in user-data.ts).

/** 64 KiB of UTF-8: what a NoCloud seed takes comfortably, and what public clouds allow. */
export const USER_DATA_MAX_BYTES = 65_536;

export type UserDataKind = 'cloud-config' | 'script';

/** The first line of a text, without a carriage return. */
export const firstLine = (text: string) => (text.split('\n', 1)[0] ?? '').replace(/\r$/, '');

/** What kind of user-data this is, from its first line; null when it is neither accepted kind. */
export function userDataKind(text: string): UserDataKind | null {
  const line = firstLine(text);
  if (/^#cloud-config\s*$/.test(line)) return 'cloud-config';
  if (line.startsWith('#!') && line.length > 2) return 'script';
  return null;
}

// IP addresses in the text forms people paste, and the one canonical form each is stored in.

export type Ipv4Result = { ok: true; address: string } | { ok: false; reason: 'format' | 'leading-zero' };

/**
 * A dotted quad, each number 0–255. Numbers with leading zeros (`01.2.3.4`) are refused rather than
 * guessed at: some software reads them as octal (010 = 8), others as decimal.
 */
export function parseIpv4(text: string): Ipv4Result {
  const parts = text.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'format' };
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return { ok: false, reason: 'format' };
  }
  if (parts.some((part) => part.length > 1 && part.startsWith('0')))
    return { ok: false, reason: 'leading-zero' };
  return { ok: true, address: parts.join('.') };
}

/** The eight 16-bit groups of an IPv6 address in any RFC 4291 text form, or null. */
export function parseIpv6(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (half: string, last: boolean): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (last && index === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (!v4.ok) return null;
        const [a, b, c, d] = v4.address.split('.').map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = toGroups(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? toGroups(halves[1]!, true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/**
 * RFC 5952: lowercase hexadecimal without leading zeros, the longest run of two or more zero groups (the
 * first of equal runs) written `::`. IPv4-mapped addresses keep their dotted tail (`::ffff:192.0.2.1`).
 */
export function formatIpv6(groups: readonly number[]): string {
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [g6 = 0, g7 = 0] = groups.slice(6);
    return `::ffff:${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  }
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; ) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** Any IPv6 text form in its canonical RFC 5952 form (`2001:0DB8:0:0::1` → `2001:db8::1`), or null. */
export function canonicalIpv6(text: string): string | null {
  const groups = parseIpv6(text.trim());
  return groups ? formatIpv6(groups) : null;
}

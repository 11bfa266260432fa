// A download of an image's file: streamed from disk, resumable with a single byte Range (206), 416 for a
// range past the end, and a strong ETag (an image's file never changes once available) for If-Range.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';

export type DownloadAnswer =
  | { kind: 'file'; status: 200 | 206; headers: Record<string, string>; body: ReadableStream }
  | { kind: 'unsatisfiable'; size: number };

/** The bytes `range` asks for in a file of `size`, or 'unsatisfiable', or undefined for the whole file. */
export function byteRange(
  range: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!range) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  // Several ranges, or another unit: answered with the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  // A last byte before the first is no range at all (RFC 9110 §14.1.1): the whole file.
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export async function downloadOf(
  path: string,
  options: { etag: string; filename: string; range?: string; ifRange?: string },
): Promise<DownloadAnswer> {
  const { size } = await stat(path);
  // If-Range with another validator: the file changed since the first part, so the whole of it is sent.
  const range =
    options.ifRange && options.ifRange !== options.etag ? undefined : byteRange(options.range, size);
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size };
  const headers: Record<string, string> = {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${options.filename}"`,
    'Accept-Ranges': 'bytes',
    ETag: options.etag,
  };
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers['Content-Length'] = String(size === 0 ? 0 : end - start + 1);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  const stream = size === 0 ? Readable.from([]) : createReadStream(path, { start, end });
  return {
    kind: 'file',
    status: range ? 206 : 200,
    headers,
    body: Readable.toWeb(stream) as unknown as ReadableStream,
  };
}

/** A file name for the download: the image's name reduced to safe characters. */
export function downloadName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'image'}.qcow2`;
}

// Checking uploaded documents by content, storing them, and serving one back safely.
import type { Context } from 'hono';
import type { FieldError } from '@/contract/problem';
import { problemTypes } from '@/contract/problem';
import type { UploadType } from '@/contract/teams';
import type { AppEnv } from '../../http/env';
import { ProblemError } from '../../http/problem';
import { displayFileName } from '../../http/validation';
import { t } from '../../i18n/t';
import { detectFileType, MIME_TYPES } from './file-type';

export interface CheckedFile {
  name: string;
  type: UploadType;
  bytes: Uint8Array;
}

/** Reads each file and decides its type by content; any refusal answers 422 naming every bad file. */
export async function checkDocuments(files: readonly File[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  const errors: FieldError[] = [];
  for (const file of files) {
    const name = displayFileName(file.name);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const detection = detectFileType(bytes);
    if (detection.ok) {
      checked.push({ name, type: detection.type, bytes });
    } else if (detection.reason === 'svg-with-active-content') {
      errors.push({
        field: 'documents',
        message: t('teams.problem.document.activeSvg', { name }),
      });
    } else {
      errors.push({
        field: 'documents',
        message: t('teams.problem.document.typeRefused', { name }),
      });
    }
  }
  if (errors.length > 0) {
    throw new ProblemError(422, {
      type: problemTypes.fileTypeRefused,
      title: t('teams.problem.document.title'),
      detail: errors.map((error) => error.message).join(' '),
      errors,
    });
  }
  return checked;
}

const EXTENSIONS: Record<UploadType, string[]> = {
  pdf: ['pdf'],
  doc: ['doc', 'dot'],
  docx: ['docx'],
  xls: ['xls'],
  xlsx: ['xlsx'],
  ppt: ['ppt', 'pps'],
  pptx: ['pptx'],
  jpeg: ['jpg', 'jpeg', 'jpe'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  svg: ['svg'],
  mp4: ['mp4', 'm4v'],
  webm: ['webm'],
  quicktime: ['mov', 'qt'],
};

/** The name to save a download under: the uploaded name, with the extension its content calls for. */
export function downloadName(name: string, type: UploadType): string {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  const expected = EXTENSIONS[type];
  return extension && expected.includes(extension) ? name : `${name}.${expected[0]}`;
}

function contentDisposition(filename: string): string {
  // The quoted form for old clients (ASCII only, no quotes or backslashes), RFC 5987 for the rest.
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A stored document as a download: always an attachment, of its detected type, never sniffed, and under a
 * CSP that sandboxes it in case a browser renders it anyway (an SVG opened from the downloads list).
 */
export function documentResponse(
  c: Context<AppEnv>,
  document: { name: string; type: string },
  bytes: Uint8Array,
): Response {
  const type = document.type as UploadType;
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': MIME_TYPES[type],
    'Content-Disposition': contentDisposition(downloadName(document.name, type)),
    'Content-Length': String(bytes.byteLength),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
    'Cache-Control': 'private, no-store',
  });
}

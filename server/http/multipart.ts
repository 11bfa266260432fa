// Reads a multipart/form-data body as it streams in (busboy), so a file larger than its field allows is
// refused with 413 the moment its size passes the limit, not after the whole upload has been read and held.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from 'busboy';
import { t } from '../i18n/t';

export interface MultipartLimits {
  /** The whole body, declared or streamed. */
  maxBytes: number;
  /** Bytes one file of this field may have; undefined: the field takes no files (its parts are skipped). */
  fileBytes: (field: string) => number | undefined;
  maxFiles: number;
  maxFields: number;
  maxFieldBytes: number;
}

export type MultipartEntry = [name: string, value: string | File];

export type MultipartResult =
  | { ok: true; entries: MultipartEntry[] }
  | { ok: false; status: 400 | 413; detail: string; field?: string; file?: string }
  /** Reading the body failed (a body limit passed, the client went away): the caller rethrows it. */
  | { ok: false; status: 'error'; error: unknown };

export function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartResult> {
  return new Promise((resolve) => {
    let settled = false;
    let source: Readable | undefined;
    const finish = (result: MultipartResult) => {
      if (settled) return;
      settled = true;
      // A refusal reads the rest of the body and drops it, rather than destroying the request: destroying
      // it closes the connection under a client still sending, which then never sees the answer.
      if (!result.ok && source) {
        source.unpipe();
        source.resume();
      }
      resolve(result);
    };
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        defParamCharset: 'utf8',
        // The name as sent, so a name with a path in it can be refused rather than quietly shortened.
        preservePath: true,
        limits: {
          files: limits.maxFiles,
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          parts: limits.maxFiles + limits.maxFields,
        },
      });
    } catch {
      finish({ ok: false, status: 400, detail: t('http.problem.form.unreadable') });
      return;
    }
    const entries: MultipartEntry[] = [];
    const pending: Promise<void>[] = [];
    parser.on('file', (name, stream, info) => {
      const max = limits.fileBytes(name);
      const chunks: Buffer[] = [];
      let size = 0;
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (max === undefined) {
              // Not a file field: keep one byte so the caller can say "this field does not take files".
              if (chunks.length === 0) chunks.push(chunk.subarray(0, 1));
              return;
            }
            if (size > max) {
              finish({ ok: false, status: 413, detail: 'too large', field: name, file: info.filename ?? '' });
              stream.resume();
              return;
            }
            chunks.push(chunk);
          });
          stream.on('end', () => {
            entries.push([
              name,
              new File(chunks as unknown as BlobPart[], info.filename ?? '', { type: info.mimeType }),
            ]);
            done();
          });
          stream.on('error', () => done());
        }),
      );
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        finish({
          ok: false,
          status: 413,
          detail: t('http.problem.form.fieldTooLong', { name }),
          field: name,
        });
        return;
      }
      entries.push([name, value]);
    });
    parser.on('filesLimit', () =>
      finish({
        ok: false,
        status: 413,
        detail: t('http.problem.form.tooManyFiles', { most: limits.maxFiles }),
      }),
    );
    parser.on('fieldsLimit', () =>
      finish({ ok: false, status: 413, detail: t('http.problem.form.tooManyFields') }),
    );
    parser.on('partsLimit', () =>
      finish({ ok: false, status: 413, detail: t('http.problem.form.tooManyParts') }),
    );
    parser.on('error', () => finish({ ok: false, status: 400, detail: t('http.problem.form.unreadable') }));
    parser.on('close', () => {
      void Promise.all(pending).then(() => finish({ ok: true, entries }));
    });
    const tooLarge = () => finish({ ok: false, status: 413, detail: t('http.problem.bodyTooLarge') });
    const declared = Number(request.headers.get('content-length') ?? Number.NaN);
    if (declared > limits.maxBytes) {
      tooLarge();
      return;
    }
    if (!request.body) {
      finish({ ok: true, entries });
      return;
    }
    let received = 0;
    source = Readable.fromWeb(request.body as unknown as NodeReadableStream);
    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) tooLarge();
    });
    source.on('error', (error) => finish({ ok: false, status: 'error', error }));
    source.pipe(parser);
  });
}

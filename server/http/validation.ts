// Reads a request's params, query and JSON body through the route's contract schemas; bad input becomes
// a problem answer whose field names match the form fields, so the console can show each message in place.
import type { Context } from 'hono';
import * as v from 'valibot';
import type { FieldError } from '@/contract/problem';
import { unsafeTextMessage, unsafeTextPaths } from '@/contract/text';
import { t } from '../i18n/t';
import type { AppEnv } from './env';
import { readMultipart } from './multipart';
import { problem } from './problem';
import type { FileFieldSpec, FormSpec, RequestSchemas, RouteInput } from './routes';

export type InputResult<R extends RequestSchemas> =
  | { ok: true; input: RouteInput<R> }
  | { ok: false; response: Response };

export async function readInput<R extends RequestSchemas>(
  c: Context<AppEnv>,
  request: R | undefined,
  /** The most a form body may be (other bodies are bounded by the registry's body limit). */
  maxBodyBytes = Number.POSITIVE_INFINITY,
): Promise<InputResult<R>> {
  const errors: FieldError[] = [];
  const parse = (schema: v.GenericSchema | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    errors.push(...toFieldErrors(result.issues));
    return undefined;
  };

  let rawBody: unknown;
  if (request?.body) {
    const body = await readJsonBody(c);
    if (!body.ok) return body;
    rawBody = body.value;
  }
  let form: { fields: unknown; files: Record<string, File[]> } | undefined;
  let formFields: Record<string, string> | undefined;
  if (request?.form) {
    const read = await readFormBody(c, request.form, maxBodyBytes);
    if (!read.ok) return read;
    formFields = read.fields;
    if (unsafeTextPaths(read.fields).length === 0) {
      errors.push(...read.errors);
      form = { fields: parse(request.form.fields, read.fields), files: read.files };
    }
  }

  // Before any schema: a string that cannot be stored must not reach a handler, whatever its field.
  const unsafe = [
    ...unsafeTextPaths(c.req.param()),
    ...unsafeTextPaths(c.req.query()),
    ...unsafeTextPaths(rawBody),
    ...unsafeTextPaths(formFields),
  ];
  if (unsafe.length > 0) {
    return {
      ok: false,
      response: problem(c, 422, {
        detail: t('problem.someFields'),
        errors: unsafe.map((field) => ({ field: field || 'body', message: unsafeTextMessage() })),
      }),
    };
  }

  const input = {
    params: parse(request?.params, c.req.param()),
    query: parse(request?.query, c.req.query()),
    body: parse(request?.body, rawBody),
    form,
  } as RouteInput<R>;

  if (errors.length > 0) {
    return {
      ok: false,
      response: problem(c, 422, { detail: t('problem.someFields'), errors }),
    };
  }
  return { ok: true, input };
}

async function readJsonBody(
  c: Context<AppEnv>,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const contentType = c.req.header('Content-Type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    return {
      ok: false,
      response: problem(c, 415, {
        detail: t('http.problem.jsonRequired', { header: 'Content-Type: application/json' }),
      }),
    };
  }
  const text = await c.req.text();
  // An empty body is "nothing sent": the schema then says which fields are required.
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail =
      error instanceof SyntaxError
        ? t('http.problem.jsonInvalidBecause', { reason: error.message })
        : t('http.problem.jsonInvalid');
    return { ok: false, response: problem(c, 400, { detail }) };
  }
}

type FormRead =
  | { ok: true; fields: Record<string, string>; files: Record<string, File[]>; errors: FieldError[] }
  | { ok: false; response: Response };

/** Splits a multipart body into text fields (first value per name) and the declared file fields. */
async function readFormBody(c: Context<AppEnv>, spec: FormSpec, maxBytes: number): Promise<FormRead> {
  const contentType = c.req.header('Content-Type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return {
      ok: false,
      response: problem(c, 415, {
        detail: t('http.problem.multipartRequired'),
      }),
    };
  }
  const read = await readMultipart(c.req.raw, {
    maxBytes,
    fileBytes: (name) => (Object.hasOwn(spec.files, name) ? spec.files[name]!.maxBytes : undefined),
    maxFiles: Object.values(spec.files).reduce((sum, rule) => sum + rule.maxCount, 0) + 1,
    maxFields: 50,
    maxFieldBytes: 64 * 1024,
  });
  if (!read.ok) {
    if (read.status === 'error') throw read.error;
    if (read.status === 413 && read.file !== undefined && read.field !== undefined) {
      const limit = formatBytes(spec.files[read.field]!.maxBytes);
      const message = t('http.problem.file.tooLarge', { name: displayFileName(read.file), limit });
      return {
        ok: false,
        response: problem(c, 413, {
          detail: `${message} ${t('http.problem.file.nothingStored')}`,
          errors: [{ field: read.field, message }],
        }),
      };
    }
    return { ok: false, response: problem(c, read.status, { detail: read.detail }) };
  }
  const fields: Record<string, string> = {};
  const files: Record<string, File[]> = Object.fromEntries(Object.keys(spec.files).map((name) => [name, []]));
  const errors: FieldError[] = [];
  for (const [name, value] of read.entries) {
    const fileField = Object.hasOwn(spec.files, name);
    if (typeof value === 'string') {
      if (fileField) errors.push({ field: name, message: t('http.problem.file.notText') });
      else if (!Object.hasOwn(fields, name)) fields[name] = value;
      continue;
    }
    // A file input left empty still sends a part with no name and no bytes: that is "nothing chosen".
    if (value.name === '' && value.size === 0) continue;
    // Browsers send a file's own name; one with a path in it was written by hand to reach a path.
    if (fileField && /[\\/]/.test(value.name)) {
      errors.push({
        field: name,
        message: t('http.problem.file.pathInName', { name: JSON.stringify(value.name.slice(0, 200)) }),
      });
    } else if (fileField) files[name]!.push(value);
    else errors.push({ field: name, message: t('http.problem.file.notHere') });
  }
  for (const [name, rule] of Object.entries(spec.files)) errors.push(...checkFiles(name, files[name]!, rule));
  return { ok: true, fields, files, errors };
}

function checkFiles(field: string, files: File[], rule: FileFieldSpec): FieldError[] {
  const errors: FieldError[] = [];
  if (files.length < rule.minCount) {
    errors.push({ field, message: t('http.problem.file.tooFew', { count: rule.minCount }) });
  }
  if (files.length > rule.maxCount) {
    errors.push({
      field,
      message: t('http.problem.file.tooMany', { most: rule.maxCount, sent: files.length }),
    });
  }
  for (const file of files) {
    const name = displayFileName(file.name);
    if (file.size === 0) errors.push({ field, message: t('http.problem.file.empty', { name }) });
    else if (file.size > rule.maxBytes) {
      errors.push({
        field,
        message: t('http.problem.file.tooLarge', { name, limit: formatBytes(rule.maxBytes) }),
      });
    }
  }
  return errors;
}

/** The name a person chose for a file, safe to repeat in a message or a download's filename. */
export function displayFileName(name: string): string {
  // Browsers send only the base name; older ones and scripts may send a path.
  const base = name.split(/[\\/]/).at(-1) ?? '';
  // Control characters (a NUL, a line break) have no place in a name shown to people or put in a header.
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' ? t('http.problem.file.unnamed') : clean;
}

export function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib)
    ? t('http.problem.size.mib', { size: mib })
    : t('http.problem.size.kib', { size: Math.round(bytes / 1024) });
}

/** One message per field, the first issue valibot found for it; `field` is '' for the input as a whole. */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (byField.has(field)) continue;
    byField.set(field, messageFor(field, issue));
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

function messageFor(field: string, issue: v.BaseIssue<unknown>): string {
  if (issue.input !== undefined) return issue.message;
  // valibot's own text for a missing key ("Invalid key: Expected "x" but received undefined") reads badly.
  return field === '' ? t('http.problem.bodyRequired') : t('http.problem.fieldRequired');
}

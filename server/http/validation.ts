// Reads a request's params, query and JSON body through the route's contract schemas; bad input becomes
// a problem answer whose field names match the form fields, so the console can show each message in place.
import type { Context } from 'hono';
import * as v from 'valibot';
import type { FieldError } from '../../src/contract/problem';
import type { AppEnv } from './env';
import { problem } from './problem';
import type { RequestSchemas, RouteInput } from './routes';

export type InputResult<R extends RequestSchemas> =
  | { ok: true; input: RouteInput<R> }
  | { ok: false; response: Response };

export async function readInput<R extends RequestSchemas>(
  c: Context<AppEnv>,
  request: R | undefined,
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

  const input = {
    params: parse(request?.params, c.req.param()),
    query: parse(request?.query, c.req.query()),
    body: parse(request?.body, rawBody),
  } as RouteInput<R>;

  if (errors.length > 0) {
    return {
      ok: false,
      response: problem(c, 422, { detail: 'Some fields need attention.', errors }),
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
      response: problem(c, 415, { detail: 'Send the body as JSON with Content-Type: application/json.' }),
    };
  }
  const text = await c.req.text();
  // An empty body is "nothing sent": the schema then says which fields are required.
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = error instanceof SyntaxError ? ` (${error.message})` : '';
    return { ok: false, response: problem(c, 400, { detail: `The body is not valid JSON${reason}.` }) };
  }
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
  return field === '' ? 'The request needs a JSON body.' : 'This field is required.';
}

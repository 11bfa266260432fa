// Path parameters checked by the route's declaration, before its handler runs: an id that is not even
// well-formed names nothing, so it answers the same 404 as an unknown id (never a 500 from a query, never
// a 422 that tells the two apart). The registry refuses to mount a route whose path names a parameter
// its declaration does not, or an id parameter (`:id`, `:…Id`) not declared with idParam or pathParam.
import * as v from 'valibot';
import type { ProblemError } from './problem';
import type { Schema } from './routes';

const notFoundOf = new WeakMap<Schema, () => ProblemError>();

/** A path parameter whose malformed value answers `notFound()` (the same 404 as a well-formed unknown one). */
export function pathParam<S extends Schema>(schema: S, notFound: () => ProblemError): S {
  notFoundOf.set(schema, notFound);
  return schema;
}

/** The id of a `what` (a UUID, read in lower case as the contract's ids are); anything else answers `notFound()`. */
export function idParam(what: string, notFound: () => ProblemError) {
  return pathParam(
    v.pipe(
      v.string(),
      v.uuid(`This is not a ${what} id.`),
      v.toLowerCase(),
      v.description(`The ${what}'s id (a UUID).`),
    ),
    notFound,
  );
}

function entriesOf(params: Schema | undefined): Record<string, Schema> {
  const entries = (params as { entries?: Record<string, Schema> } | undefined)?.entries;
  return entries ?? {};
}

/** The 404 for the first declared path parameter whose value is malformed, if any. */
export function malformedParam(
  params: Schema | undefined,
  values: Record<string, string>,
): ProblemError | undefined {
  for (const [name, schema] of Object.entries(entriesOf(params))) {
    const notFound = notFoundOf.get(schema);
    if (notFound && !v.is(schema, values[name])) return notFound();
  }
  return undefined;
}

/** Why a route's declaration does not cover the parameters of its full path, or undefined when it does. */
export function undeclaredParams(fullPath: string, params: Schema | undefined): string | undefined {
  const names = [...fullPath.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const entries = entriesOf(params);
  const missing = names.filter((name) => !Object.hasOwn(entries, name));
  if (missing.length > 0) return `its path parameters ${missing.join(', ')} are not in request.params`;
  const unchecked = names.filter((name) => /^id$|Id$/.test(name) && !notFoundOf.has(entries[name]!));
  if (unchecked.length > 0) return `its id parameters ${unchecked.join(', ')} are not declared with idParam`;
  return undefined;
}

// How a resource declares its routes: one declaration feeds the Hono router, the input validation and the
// OpenAPI document, so what the server checks and what it documents cannot drift apart.
import type { Context, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import type { TokenArea } from '@/contract/api-tokens';
import type { AppEnv } from './env';

export type Schema = v.GenericSchema;
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestSchemas {
  /** Path parameters, e.g. `{ id }` for `/:id`; values arrive as strings. */
  params?: Schema;
  /** Query string; values arrive as strings (the first one when a name repeats). */
  query?: Schema;
  /** JSON body; the request must say `Content-Type: application/json`. */
  body?: Schema;
  /** A multipart/form-data body instead of JSON: text fields checked like a body, and file fields. */
  form?: FormSpec;
}

export interface FormSpec {
  /** The text fields, validated (and reported per field) like a JSON body. */
  fields: Schema;
  /** File fields by name, with how many files each takes and how large each may be. */
  files: Record<string, FileFieldSpec>;
}

export interface FileFieldSpec {
  minCount: number;
  maxCount: number;
  /** Per file, in bytes. */
  maxBytes: number;
  description: string;
}

type Output<S> = S extends Schema ? v.InferOutput<S> : undefined;

export interface FormInput<F extends FormSpec> {
  fields: v.InferOutput<F['fields']>;
  files: { [name in keyof F['files']]: File[] };
}

export interface RouteInput<R extends RequestSchemas> {
  params: Output<R['params']>;
  query: Output<R['query']>;
  body: Output<R['body']>;
  form: R['form'] extends FormSpec ? FormInput<R['form']> : undefined;
}

export interface ResponseSpec {
  description: string;
  /** Body schema; when absent the answer has no JSON body (204, redirects). */
  schema?: Schema;
  /** Defaults to application/json. */
  contentType?: string;
}

/**
 * Which personal API tokens (Bearer ikt_…) may call a route, beside its guards: a scope ("computes:read",
 * "domains:read_write"; read_write covers read), 'any' valid token whatever its scopes, or 'never' (only a
 * signed-in person, or nobody: the route takes no token). The session guard (server/identity/guards.ts) and
 * the OpenAPI document read it from the route, so they cannot disagree with it.
 */
export type TokenScope = `${TokenArea}:${'read' | 'read_write'}` | 'any' | 'never';

export interface RouteSpec<R extends RequestSchemas = RequestSchemas> {
  method: HttpMethod;
  /** Hono path relative to the resource prefix: `/`, `/:id`, `/:id/power`. */
  path: string;
  summary: string;
  /** Required: a route that does not say which tokens may call it is refused at registration. */
  tokenScope: TokenScope;
  description?: string;
  request?: R;
  /** Every success status the handler may answer; failures are problem+json and documented for all. */
  responses: Record<number, ResponseSpec>;
  /**
   * Run before the input is read: where sign-in, team-membership and role checks go. A guard answers
   * (401/404 problem) instead of calling next() to stop the request.
   */
  guards?: MiddlewareHandler<AppEnv>[];
  /** Overrides the app-wide body limit for this route, in bytes. */
  maxBodyBytes?: number;
  // Method syntax on purpose: it lets a RouteSpec<{ body: X }> sit in a list of RouteSpec.
  handler(c: Context<AppEnv>, input: RouteInput<R>): Response | Promise<Response>;
}

/** The routes of one resource (`/computes`, `/app-configs`), mounted as one Hono router. */
export class Routes {
  readonly specs: RouteSpec[] = [];
  /** Run for every route of the resource, after the route's guards (e.g. the compute service's start). */
  readonly middleware: MiddlewareHandler<AppEnv>[] = [];

  constructor(
    /** Path of the resource below its service base path, e.g. `/app-configs`. */
    readonly prefix: string,
    /** OpenAPI tag; defaults to the service name. */
    readonly tag?: string,
  ) {}

  use(middleware: MiddlewareHandler<AppEnv>): this {
    this.middleware.push(middleware);
    return this;
  }

  add<R extends RequestSchemas>(spec: RouteSpec<R>): this {
    this.specs.push(spec as RouteSpec);
    return this;
  }
}

export function defineRoutes(prefix: string, tag?: string): Routes {
  return new Routes(prefix, tag);
}

/** A spec service (SPEC §7): its base path and the resources below it. */
export interface Service {
  name: string;
  basePath: string;
  resources: Routes[];
}

// Mounts services on the app and remembers every route, for the OpenAPI document and the 405 answers.
import type { Hono, MiddlewareHandler } from 'hono';
import { Hono as HonoRouter } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { TOKEN_AREAS } from '@/contract/api-tokens';
import { t } from '../i18n/t';
import type { AppEnv } from './env';
import { malformedParam, undeclaredParams } from './path-params';
import { problem } from './problem';
import type { HttpMethod, RouteSpec, Service } from './routes';
import { readInput } from './validation';

const TOKEN_SCOPE = new RegExp(`^((${TOKEN_AREAS.join('|')}):(read|read_write)|any|never)$`);

/** What a route that declares no body may be sent (and ignores): a little, never megabytes. */
export const NO_BODY_MAX_BYTES = 16 * 1024;

/** JSON bodies above this size answer 413 unless a route sets its own maxBodyBytes. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface RegisteredRoute {
  method: HttpMethod;
  /** Full Hono path, e.g. `/resource-manager/api/v1/computes/:id`. */
  path: string;
  tag: string;
  spec: RouteSpec;
}

export interface RegistryOptions {
  /**
   * Check each JSON answer against the schema declared for its status and fail loudly (500) on a mismatch.
   * On in tests so a handler cannot drift from the contract it documents.
   */
  verifyResponses?: boolean;
  maxBodyBytes?: number;
}

export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];
  readonly basePaths: string[] = [];

  constructor(private readonly options: RegistryOptions = {}) {}

  mount(app: Hono<AppEnv>, service: Service): void {
    this.basePaths.push(service.basePath);
    for (const resource of service.resources) {
      const router = new HonoRouter<AppEnv>();
      const prefix = joinPaths(service.basePath, resource.prefix);
      for (const spec of resource.specs) {
        const where = `${spec.method.toUpperCase()} ${joinPaths(prefix, spec.path)}`;
        // Checked here too, for a declaration TypeScript did not see (JavaScript, a cast).
        if (!TOKEN_SCOPE.test(String(spec.tokenScope))) {
          throw new Error(
            `${where} declares no tokenScope: say which API tokens may call it ('computes:read', 'any' or 'never').`,
          );
        }
        const undeclared = undeclaredParams(joinPaths(prefix, spec.path), spec.request?.params);
        if (undeclared) throw new Error(`${where}: ${undeclared}.`);
        const [first, ...rest] = this.handlersFor(spec, resource.middleware);
        router.on(spec.method.toUpperCase(), spec.path, first!, ...rest);
        this.routes.push({
          method: spec.method,
          path: joinPaths(prefix, spec.path),
          tag: resource.tag ?? service.name,
          spec,
        });
      }
      app.route(prefix, router);
    }
  }

  /** True for paths that belong to a mounted service, which never fall back to the console's index.html. */
  isServicePath(path: string): boolean {
    return this.basePaths.some((base) => base !== '' && (path === base || path.startsWith(`${base}/`)));
  }

  private handlersFor(spec: RouteSpec, middleware: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv>[] {
    const declare: MiddlewareHandler<AppEnv> = async (c, next) => {
      // What the guards read about the route they guard.
      c.set('tokenScope', spec.tokenScope);
      await next();
    };
    const handlers: MiddlewareHandler<AppEnv>[] = [declare, ...(spec.guards ?? []), ...middleware];
    // Every route reads at most what it can legitimately receive, enforced while reading: a declared size
    // above it is refused before a byte is read, a streamed one as soon as it passes. Forms count their
    // bytes as they parse them (server/http/multipart.ts), file by file.
    if (!spec.request?.form) {
      const declaresBody = spec.request?.body !== undefined;
      handlers.push(
        bodyLimit({
          maxSize:
            spec.maxBodyBytes ??
            (declaresBody ? (this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : NO_BODY_MAX_BYTES),
          onError: (c) => problem(c, 413, { detail: t('http.problem.bodyTooLarge') }),
        }),
      );
    }
    const verify = this.options.verifyResponses === true;
    handlers.push(async (c) => {
      const malformed = malformedParam(spec.request?.params, c.req.param());
      if (malformed) throw malformed;
      const result = await readInput(
        c,
        spec.request,
        spec.maxBodyBytes ?? this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      );
      if (!result.ok) return result.response;
      const response = await spec.handler(c, result.input);
      if (verify) await verifyResponse(spec, response);
      return response;
    });
    return handlers;
  }
}

async function verifyResponse(spec: RouteSpec, response: Response): Promise<void> {
  const where = `${spec.method.toUpperCase()} ${spec.path} (${spec.summary})`;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.startsWith('application/problem+json')) return;
  const declared = spec.responses[response.status];
  if (!declared) throw new Error(`${where} answered undeclared status ${response.status}.`);
  if (!declared.schema) return;
  const result = v.safeParse(declared.schema, await response.clone().json());
  if (!result.success) {
    const summary = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(body)'}: ${issue.message}`);
    throw new Error(`${where} answered ${response.status} off its schema: ${summary.join('; ')}`);
  }
}

export function joinPaths(...parts: string[]): string {
  const joined = parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part !== '')
    .join('/');
  return `/${joined}`;
}

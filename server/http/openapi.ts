// Builds the OpenAPI 3.1 document from the route registry and the valibot contract schemas.
import { type ConversionConfig, type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type { MiddlewareHandler } from 'hono';
import { PROBLEM_CONTENT_TYPE, problemSchema } from '@/contract/problem';
import type { AppEnv } from './env';
import type { RegisteredRoute } from './registry';
import type { FormSpec, RouteSpec, Schema } from './routes';

/** How a caller proves who it is, by the guard that checks it (documentGuard). */
const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A session token, as signing in answers it (POST /user/api/v1/auth/…); the console keeps it.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token (ikt_…), made under Account settings → API tokens. Each operation lists the scope it needs ("computes:read", "domains:read_write"); read_write covers read. Operations without apiToken take no token.',
  },
  operator: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The operator token of this installation: OPERATOR_TOKEN, or the one in DATA_DIR/operator-token.',
  },
} as const;
type SecurityScheme = keyof typeof SECURITY_SCHEMES;

const guardSchemes = new WeakMap<MiddlewareHandler<AppEnv>, SecurityScheme>();

/** Marks a route guard as checking `scheme`: every route it guards is documented as needing it. */
export function documentGuard<G extends MiddlewareHandler<AppEnv>>(guard: G, scheme: SecurityScheme): G {
  guardSchemes.set(guard, scheme);
  return guard;
}

type Json = Record<string, unknown>;

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

export function buildOpenApiDocument(routes: readonly RegisteredRoute[], info: OpenApiInfo): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/', description: 'The server that answered this document' }],
    paths,
    components: {
      schemas: { Problem: convert(problemSchema, 'output') },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

function operation(route: RegisteredRoute): Json {
  const { spec } = route;
  const op: Json = {
    operationId: operationId(route),
    summary: spec.summary,
    tags: [route.tag],
  };
  if (spec.description) op.description = spec.description;
  // An empty list: anyone may call it (sign-in, the payment provider's callback, health).
  const schemes = [...new Set((spec.guards ?? []).flatMap((guard) => guardSchemes.get(guard) ?? []))];
  const security: Record<string, string[]>[] = schemes.map((scheme) => ({ [scheme]: [] }));
  // The session's operations that a token may call too, with the scope the route declares.
  const scope = schemes.includes('session') ? spec.tokenScope : 'never';
  if (scope !== 'never') security.push({ apiToken: scope === 'any' ? [] : [scope] });
  op.security = security;
  const parameters = [
    ...parametersOf(spec.request?.params, 'path'),
    ...parametersOf(spec.request?.query, 'query'),
  ];
  if (parameters.length > 0) op.parameters = parameters;
  if (spec.request?.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: convert(spec.request.body, 'input') } },
    };
  }
  if (spec.request?.form) {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: formSchema(spec.request.form) } },
    };
  }
  op.responses = responsesOf(spec);
  return op;
}

function responsesOf(spec: RouteSpec): Json {
  const responses: Json = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.schema
        ? {
            content: {
              [response.contentType ?? 'application/json']: { schema: convert(response.schema, 'output') },
            },
          }
        : {}),
    };
  }
  const problemContent = { content: { [PROBLEM_CONTENT_TYPE]: { schema: PROBLEM_REF } } };
  const { params, query, body, form } = spec.request ?? {};
  if (params || query || body || form) {
    responses['422'] = { description: 'Invalid input, with a message per field.', ...problemContent };
  }
  if (body || form) {
    responses['400'] = { description: 'The body could not be read.', ...problemContent };
    responses['413'] = { description: 'The body is too large.', ...problemContent };
  }
  responses.default = { description: 'Any other failure.', ...problemContent };
  return responses;
}

/** The text fields' JSON schema, with each file field as an array of binary strings. */
function formSchema(form: FormSpec): Json {
  const json = convert(form.fields, 'input');
  const properties: Json = { ...((json.properties ?? {}) as Json) };
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  for (const [name, rule] of Object.entries(form.files)) {
    properties[name] = {
      type: 'array',
      description: rule.description,
      items: { type: 'string', format: 'binary', maxLength: rule.maxBytes },
      minItems: rule.minCount,
      maxItems: rule.maxCount,
    };
    if (rule.minCount > 0) required.add(name);
  }
  return { ...json, properties, required: [...required] };
}

function parametersOf(schema: Schema | undefined, location: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = convert(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(json.required) ? json.required : []);
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: propertySchema,
  }));
}

function operationId(route: RegisteredRoute): string {
  // `GET /resource-manager/api/v1/computes/:id` → getResourceManagerComputesById
  const words = route.path
    .split('/')
    .filter((part) => part !== '' && part !== 'api' && !/^v\d+$/.test(part))
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^a-zA-Z0-9]+/)))
    .filter((word) => word !== '');
  return [route.method, ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

function convert(schema: Schema, typeMode: 'input' | 'output'): Json {
  const config: ConversionConfig = { target: 'draft-2020-12', typeMode, errorMode: 'ignore' };
  const { $schema: _dialect, ...json } = toJsonSchema(schema, config) as Json;
  return json;
}

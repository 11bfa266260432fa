// GET /api/openapi.json: the API as the route registry knows it, built once on first request.
import * as v from 'valibot';
import { buildOpenApiDocument, type OpenApiInfo } from '../http/openapi';
import type { RouteRegistry } from '../http/registry';
import { defineRoutes } from '../http/routes';

const openApiDocumentSchema = v.looseObject({
  openapi: v.string(),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.unknown()),
});

export function openApiRoutes(registry: RouteRegistry, info: OpenApiInfo) {
  // Routes are all mounted before the first request, so the document never changes afterwards.
  let document: Record<string, unknown> | undefined;
  return defineRoutes('/openapi.json', 'Operations').add({
    method: 'get',
    path: '/',
    summary: 'Describe the API as an OpenAPI 3.1 document',
    tokenScope: 'never',
    responses: { 200: { description: 'The OpenAPI document.', schema: openApiDocumentSchema } },
    handler: (c) => {
      document ??= buildOpenApiDocument(registry.routes, info);
      return c.json(document);
    },
  });
}

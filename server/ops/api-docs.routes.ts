// GET /api/docs and its stylesheet: the API reference for people (api-docs-page.ts), from the same
// document as /api/openapi.json, built once on first request.
import { readFileSync } from 'node:fs';
import { buildOpenApiDocument, type OpenApiInfo } from '../http/openapi';
import type { RouteRegistry } from '../http/registry';
import { defineRoutes } from '../http/routes';
import { type OpenApiDocument, renderApiDocs } from './api-docs-page';

const stylesheet = readFileSync(new URL('./api-docs.css', import.meta.url), 'utf8');

export function apiDocsRoutes(registry: RouteRegistry, info: OpenApiInfo, basePath: string) {
  let page: string | undefined;
  return defineRoutes('/', 'Operations')
    .add({
      method: 'get',
      path: '/docs',
      summary: 'Read the API reference, for people',
      tokenScope: 'never',
      responses: { 200: { description: 'The reference as an HTML page.', contentType: 'text/html' } },
      handler: (c) => {
        page ??= renderApiDocs(
          buildOpenApiDocument(registry.routes, info) as unknown as OpenApiDocument,
          basePath,
        );
        return c.html(page);
      },
    })
    .add({
      method: 'get',
      path: '/docs.css',
      summary: "The API reference's stylesheet",
      tokenScope: 'never',
      responses: { 200: { description: 'CSS.', contentType: 'text/css' } },
      handler: (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
    });
}

// /api/docs: the API for people, written from the same OpenAPI document as /api/openapi.json — each area,
// each operation with who may call it, its parameters, the body it takes and what it answers. Server-
// rendered HTML with its own stylesheet: no script, no inline style (the strict CSP holds), nothing fetched
// from elsewhere, so it reads offline.
import { escapeHtml } from '../http/html';

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Json }>;
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { description?: string }> };
}

const e = escapeHtml;

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? '');
  return schema.format ? `${type} (${String(schema.format)})` : type;
}

const SCHEME_NAMES: Record<string, string> = { session: 'A session token', operator: 'The operator token' };

function who(operation: Operation): string {
  if (!operation.security || operation.security.length === 0) return 'Anyone';
  const names = operation.security.flatMap((requirement) => Object.keys(requirement));
  return [...new Set(names)].map((name) => SCHEME_NAMES[name] ?? name).join(' or ');
}

function renderOperation(method: string, path: string, op: Operation): string {
  const id = op.operationId ?? `${method}-${path}`;
  const parameters = op.parameters ?? [];
  const body = Object.entries(op.requestBody?.content ?? {})[0];
  return `<section class="op" aria-labelledby="${e(id)}">
<h3 id="${e(id)}"><span class="method method-${e(method)}">${e(method.toUpperCase())}</span> <code>${e(path)}</code></h3>
<p>${e(op.summary ?? '')}</p>
${op.description ? `<p class="muted">${e(op.description)}</p>` : ''}
<p class="who"><strong>Who may call it:</strong> ${e(who(op))}</p>
${
  parameters.length > 0
    ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${e(p.name)}</code></td><td>${e(p.in)}</td><td>${e(typeOf(p.schema))}</td><td>${p.required ? 'yes' : 'no'}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${
  body
    ? `<details><summary>Body (${e(body[0])})</summary><pre><code>${e(JSON.stringify(body[1].schema ?? {}, null, 2))}</code></pre></details>`
    : ''
}
<dl class="responses">${Object.entries(op.responses ?? {})
    .map(([status, response]) => `<dt>${e(status)}</dt><dd>${e(response.description ?? '')}</dd>`)
    .join('')}</dl>
</section>`;
}

export function renderApiDocs(doc: OpenApiDocument, basePath: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const slug = (tag: string) => `area-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const schemes = Object.entries(doc.components?.securitySchemes ?? {});
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(doc.info.title)} — reference</title>
<link rel="stylesheet" href="${e(basePath)}/docs.css">
</head>
<body>
<header><p><a href="/">Ikirere</a></p></header>
<main id="main">
<h1>${e(doc.info.title)}</h1>
<p class="muted">Version ${e(doc.info.version)}. The same API as the console uses, described by <a href="${e(basePath)}/openapi.json">the OpenAPI document</a>.</p>
<h2>Signing requests</h2>
<p>Send <code>Authorization: Bearer &lt;token&gt;</code>. Bodies are JSON; failures answer <code>application/problem+json</code> with a message per field.</p>
<dl>${schemes.map(([name, scheme]) => `<dt>${e(name)}</dt><dd>${e(scheme.description ?? '')}</dd>`).join('')}</dl>
<nav aria-label="Areas"><h2>Areas</h2><ul>${tags.map((tag) => `<li><a href="#${slug(tag)}">${e(tag)}</a></li>`).join('')}</ul></nav>
${tags.map((tag) => `<section aria-labelledby="${slug(tag)}"><h2 id="${slug(tag)}">${e(tag)}</h2>${byTag.get(tag)!.join('\n')}</section>`).join('\n')}
</main>
</body>
</html>`;
}

// Serves the built console: real files as they are, and index.html for any other page URL so the
// client-side router can resolve it. A missing asset (anything under /assets/, or a file type the build
// produces) answers 404, never index.html: the console detects a chunk that failed to load by that 404.
// Other dotted paths are pages: console addresses hold domain names (/domains/example.rw).
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { t } from '../i18n/t';
import type { AppEnv } from './env';
import { problem } from './problem';

export interface StaticSpaOptions {
  /** Absolute path of the build output (STATIC_DIR). */
  root: string;
  /** Paths that belong to the API or other handlers: never answered from disk. */
  isReserved: (path: string) => boolean;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** File types a build or a browser asks for; a missing one is a 404, not a page. */
const ASSET_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.map',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.html',
  '.ico',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.svg',
  '.webp',
  '.avif',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.wasm',
]);
// Unhashed files (index.html, favicon) must be revalidated so a new deploy shows up on the next visit.
const REVALIDATE = 'no-cache';

export function staticSpa(options: StaticSpaOptions): MiddlewareHandler<AppEnv> {
  const root = resolve(options.root);
  return async (c, next) => {
    // Hono routes HEAD through GET handlers and drops the body itself.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const rawPath = new URL(c.req.url).pathname;
    if (options.isReserved(rawPath)) return next();

    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return problem(c, 400, { detail: t('http.problem.badPercentEncoding') });
    }
    // Dot segments cover `..` (traversal) and dotfiles (.env, .git) alike; neither is ever served.
    const segments = path.split(/[/\\]/);
    if (path.includes('\0') || segments.some((segment) => segment.startsWith('.'))) {
      return problem(c, 404, { detail: t('http.problem.noSuchFile') });
    }
    const filePath = resolve(root, `.${path}`);
    if (filePath !== root && !filePath.startsWith(root + sep))
      return problem(c, 404, { detail: t('http.problem.noSuchFile') });

    const extension = extname(segments.at(-1) ?? '').toLowerCase();
    if (extension !== '') {
      const isAsset = path.startsWith('/assets/');
      const file = await sendFile(c, filePath, isAsset ? IMMUTABLE : REVALIDATE);
      if (file) return file;
      if (isAsset || ASSET_EXTENSIONS.has(extension)) {
        return problem(c, 404, { detail: t('http.problem.noSuchFile') });
      }
    }
    return (
      (await sendFile(c, join(root, 'index.html'), REVALIDATE)) ??
      problem(c, 503, {
        title: t('http.problem.consoleNotBuilt.title'),
        detail: t('http.problem.consoleNotBuilt.detail', { root }),
      })
    );
  };
}

async function sendFile(
  c: Context<AppEnv>,
  filePath: string,
  cacheControl: string,
): Promise<Response | undefined> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(filePath);
  } catch {
    return undefined;
  }
  if (!info.isFile()) return undefined;

  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(filePath) ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
  };
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304, headers);

  const content = await readFile(filePath);
  headers['Content-Length'] = String(content.byteLength);
  return c.body(new Uint8Array(content.buffer, content.byteOffset, content.byteLength), 200, headers);
}

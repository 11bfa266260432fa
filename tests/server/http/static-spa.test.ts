// Serving the built console: history fallback, caching that survives deploys, honest 404s for missing
// chunks, and nothing outside the build directory.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '@/contract/problem';
import { buildTestApp, emptyStaticDir, type TestApp } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const SECRET = 'db-password-outside-the-build';

let database: TestDatabase;
let t: TestApp;
let checkout: string;

beforeAll(async () => {
  // The build sits next to a file it must never expose, the way dist/ sits next to .env in a checkout.
  checkout = mkdtempSync(join(tmpdir(), 'ikirere-static-'));
  writeFileSync(join(checkout, 'secret.txt'), SECRET);
  const dist = join(checkout, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(dist, 'assets', 'index-def456.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'assets', 'inter-latin.woff2'), new Uint8Array([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, '.env'), SECRET);

  database = await openTestDatabase();
  t = buildTestApp(database.handle, { staticDir: dist });
});
afterAll(async () => {
  await database?.dispose();
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

describe('history fallback', () => {
  it.each([
    '/',
    '/computes',
    '/computes/42/power',
    '/auth/login',
    '/settings/members/pending/',
    // Domain names are part of console addresses: a dot in the last segment doesn't make it a file.
    '/domains/example.rw',
    '/domains/shop.example.com/MX',
  ])('answers index.html for the console route %s, revalidated on every visit', async (path) => {
    const response = await t.app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await t.app.request('/domains', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('keeps API paths out of the fallback', async () => {
    for (const path of ['/resource-manager/api/v1/computes', '/payment/api/v1', '/api/unknown']) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type'), path).toBe('application/problem+json');
    }
  });

  it('does not answer other methods with the page', async () => {
    const response = await t.app.request('/computes', { method: 'POST' });
    expect(response.status).toBe(404);
  });
});

describe('files', () => {
  it('serves hashed assets with their type and cached for a year as immutable', async () => {
    const script = await t.app.request('/assets/index-abc123.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe('console.log("app");');

    const style = await t.app.request('/assets/index-def456.css');
    expect(style.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    const font = await t.app.request('/assets/inter-latin.woff2');
    expect(font.headers.get('Content-Type')).toBe('font/woff2');
  });

  it('serves unhashed files with revalidation and answers 304 when the copy is current', async () => {
    const first = await t.app.request('/favicon.svg');
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(first.headers.get('Cache-Control')).toBe('no-cache');
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();

    const again = await t.app.request('/favicon.svg', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers 404 for a missing chunk, never index.html, so the console can tell the load failed', async () => {
    for (const path of ['/assets/chunk-gone.js', '/assets/missing.css', '/robots.txt']) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type'), path).toBe('application/problem+json');
      expect(await response.text(), path).not.toContain('<!doctype html>');
    }
  });

  it.each([
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/.env',
    '/assets/..%5c..%5csecret.txt',
    '/index.html%00.js',
  ])('refuses %s without revealing anything outside the build', async (path) => {
    const response = await t.app.request(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).not.toContain(SECRET);
  });

  it('carries the security headers on files and on the fallback page', async () => {
    for (const path of ['/assets/index-abc123.js', '/computes']) {
      const response = await t.app.request(path);
      expect(response.headers.get('Content-Security-Policy'), path).toContain("script-src 'self'");
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
    }
  });

  it('gzips text for clients that accept it', async () => {
    writeFileSync(join(t.staticDir, 'assets', 'big-123.js'), `// ${'a'.repeat(4096)}`);
    const response = await t.app.request('/assets/big-123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const text = await new Response(response.body?.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(text).toHaveLength(4099);
  });
});

describe('before the console is built', () => {
  it('keeps the API working and tells the visitor to run the build', async () => {
    const unbuilt = buildTestApp(database.handle, { staticDir: emptyStaticDir() });
    const page = await unbuilt.app.request('/');
    expect(page.status).toBe(503);
    const body = v.parse(problemSchema, await page.json());
    expect(body.detail).toContain('npm run build');

    // The API still answers as the API (here: sign-in required), not with the console's 503 page.
    const api = await unbuilt.app.request('/resource-manager/api/v1/app-configs');
    expect(api.status).toBe(401);
  });
});

// The operations endpoints, the console's app-configs, the OpenAPI document and what every answer carries.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@/contract/app-config';
import { healthSchema } from '@/contract/health';
import { idParam } from '../../../server/http/path-params';
import { ProblemError } from '../../../server/http/problem';
import { defineRoutes } from '../../../server/http/routes';
import { buildIdentityTestApp, signUp } from '../support/identity';
import { buildTestApp, type TestApp } from '../support/test-app';
import { databaseKind, openTestDatabase, type TestDatabase } from '../support/test-database';

const computesRoutes = defineRoutes('/computes').add({
  method: 'post',
  path: '/:teamId/computes',
  summary: 'Create a compute (test route)',
  tokenScope: 'never',
  request: {
    params: v.object({ teamId: idParam('team', () => new ProblemError(404, { detail: 'No such team.' })) }),
    query: v.object({ dryRun: v.optional(v.picklist(['true', 'false'])) }),
    body: v.object({ hostname: v.string(), vcpus: v.number() }),
  },
  responses: { 201: { description: 'Created.', schema: v.object({ id: v.string() }) } },
  handler: (c) => c.json({ id: 'x' }, 201),
});

let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildTestApp(database.handle, {
    additionalServices: [{ name: 'Test', basePath: '/test/api/v1', resources: [computesRoutes] }],
  });
});
afterAll(() => database?.dispose());

describe('GET /resource-manager/api/v1/app-configs', () => {
  it('tells nothing about the server to a caller who is not signed in', async () => {
    const response = await t.app.request('/resource-manager/api/v1/app-configs');
    expect(response.status).toBe(401);
    const text = await response.text();
    expect(text).not.toMatch(/version|drivers|pglite|postgres|simulator|nameServers/i);
  });

  it('tells a signed-in console the version, the database in use and where the socket is', async () => {
    const signedIn = buildIdentityTestApp(database.handle);
    const { token } = await signUp(signedIn);
    const response = await signedIn.app.request('/resource-manager/api/v1/app-configs', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const body = v.parse(appConfigSchema, await response.json());
    expect(body).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      drivers: { database: databaseKind, compute: 'simulator', dns: 'embedded' },
      // An app built without a server has no DNS server listening: nothing to point dig at.
      dnsEndpoint: null,
      nameServers: ['ns1.ikirere.test', 'ns2.ikirere.test'],
      socketPath: '/resource-manager',
      supportEmail: 'support@ikirere.local',
    });
  });
});

describe('GET /api/docs', () => {
  it('is the reference for people, from the same document: every operation and who may call it, no script', async () => {
    const response = await t.app.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`<code>${path}</code>`);
    expect(html).toContain('<link rel="stylesheet" href="/api/docs.css">');
    expect(html).not.toMatch(/<script|style=|https?:\/\/(?!json-schema)/);
    expect(html).toMatch(
      /POST<\/span> <code>\/resource-manager\/api\/v1\/teams\/\{teamId\}\/computes<\/code>[\s\S]*?Who may call it:<\/strong> A session token/,
    );
    expect(html).toMatch(/<code>\/healthz<\/code>[\s\S]*?Who may call it:<\/strong> Anyone/);
    const css = await t.app.request('/api/docs.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });
});

describe('GET /api/openapi.json', () => {
  it('declares who may call each operation: a session, the operator token, or (only these) anyone', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'http', scheme: 'bearer' },
      operator: { type: 'http', scheme: 'bearer' },
    });
    const open: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.security, `${method} ${path}`).toBeInstanceOf(Array);
        if (operation.security!.length === 0) open.push(`${method.toUpperCase()} ${path}`);
        for (const requirement of operation.security!) {
          for (const scheme of Object.keys(requirement))
            expect(doc.components.securitySchemes).toHaveProperty(scheme);
        }
      }
    }
    expect(open.sort()).toEqual([
      'GET /api/docs',
      'GET /api/docs.css',
      'GET /api/openapi.json',
      'GET /healthz',
      'GET /resource-manager/api/v1/image-downloads/{token}',
      'GET /user/api/v1/auth/methods',
      'GET /user/api/v1/auth/oauth/{provider}/authorize',
      'GET /user/api/v1/sms/kannel/delivery-reports/{messageId}',
      'POST /payment/api/v1/callbacks/{provider}',
      'POST /test/api/v1/computes/{teamId}/computes',
      'POST /user/api/v1/auth/email-code',
      'POST /user/api/v1/auth/email-code/verify',
      'POST /user/api/v1/auth/oauth/callback',
      'POST /user/api/v1/auth/signup',
      'POST /user/api/v1/auth/two-factor/passkey/options',
      'POST /user/api/v1/auth/two-factor/passkey/verify',
      'POST /user/api/v1/auth/two-factor/verify',
    ]);
    expect(doc.paths['/ops/api/v1/verification-requests']!.get!.security).toEqual([{ operator: [] }]);
    // A session, or an API token with the scope the operation needs.
    expect(doc.paths['/resource-manager/api/v1/teams/{teamId}/computes']!.post!.security).toEqual([
      { session: [] },
      { apiToken: ['computes:read_write'] },
    ]);
    expect(doc.paths['/user/api/v1/auth/sessions']!.get!.security).toEqual([{ session: [] }]);
  });

  it('documents every registered route with its schemas, from the same declarations that validate', async () => {
    const response = await t.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: unknown;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/docs',
      '/api/docs.css',
      '/api/openapi.json',
      '/healthz',
      '/ops/api/v1/hosts',
      '/ops/api/v1/hosts/{host}/drain',
      '/ops/api/v1/teams/{teamId}/verification',
      '/ops/api/v1/teams/{teamId}/verification/decision',
      '/ops/api/v1/teams/{teamId}/verification/documents/{documentId}',
      '/ops/api/v1/verification-requests',
      '/payment/api/v1/callbacks/{provider}',
      '/payment/api/v1/teams/{teamId}/balance',
      '/payment/api/v1/teams/{teamId}/billing-profile',
      '/payment/api/v1/teams/{teamId}/invoices',
      '/payment/api/v1/teams/{teamId}/invoices/{invoiceId}',
      '/payment/api/v1/teams/{teamId}/invoices/{invoiceId}/csv',
      '/payment/api/v1/teams/{teamId}/invoices/{invoiceId}/pdf',
      '/payment/api/v1/teams/{teamId}/ledger',
      '/payment/api/v1/teams/{teamId}/ledger/csv',
      '/payment/api/v1/teams/{teamId}/payment-methods',
      '/payment/api/v1/teams/{teamId}/sandbox/month-end',
      '/payment/api/v1/teams/{teamId}/top-ups',
      '/payment/api/v1/teams/{teamId}/top-ups/{topUpId}',
      '/payment/api/v1/teams/{teamId}/usage',
      '/resource-manager/api/v1/app-configs',
      '/resource-manager/api/v1/image-downloads/{token}',
      '/resource-manager/api/v1/instance-types',
      '/resource-manager/api/v1/locations',
      '/resource-manager/api/v1/operating-systems',
      '/resource-manager/api/v1/socket-tickets',
      '/resource-manager/api/v1/storage-prices',
      '/resource-manager/api/v1/teams/{teamId}/computes',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/actions',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/backups',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/backups/settings',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/backups/{backupId}/restore',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/history',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/metrics',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/rebuild',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/rescue',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/resize',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/reverse-dns',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/tags',
      '/resource-manager/api/v1/teams/{teamId}/computes/{computeId}/user-data',
      '/resource-manager/api/v1/teams/{teamId}/domains',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/delegation-check',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/dnssec',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/dnssec/rollover',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/dnssec/rollover/complete',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/records',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/records/{recordId}',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/zone-file',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/zone-file/apply',
      '/resource-manager/api/v1/teams/{teamId}/domains/{domainId}/zone-file/preview',
      '/resource-manager/api/v1/teams/{teamId}/firewalls',
      '/resource-manager/api/v1/teams/{teamId}/firewalls/{firewallId}',
      '/resource-manager/api/v1/teams/{teamId}/images',
      '/resource-manager/api/v1/teams/{teamId}/images/{imageId}',
      '/resource-manager/api/v1/teams/{teamId}/images/{imageId}/download-link',
      '/resource-manager/api/v1/teams/{teamId}/images/{imageId}/file',
      '/resource-manager/api/v1/teams/{teamId}/networks',
      '/resource-manager/api/v1/teams/{teamId}/networks/{networkId}',
      '/resource-manager/api/v1/teams/{teamId}/networks/{networkId}/members',
      '/resource-manager/api/v1/teams/{teamId}/networks/{networkId}/members/{computeId}',
      '/resource-manager/api/v1/teams/{teamId}/ssh-keys',
      '/resource-manager/api/v1/teams/{teamId}/volumes',
      '/resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}',
      '/resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}/attach',
      '/resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}/detach',
      '/resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}/resize',
      '/test/api/v1/computes/{teamId}/computes',
      '/user/api/v1/auth/email-code',
      '/user/api/v1/auth/email-code/verify',
      '/user/api/v1/auth/methods',
      '/user/api/v1/auth/oauth/callback',
      '/user/api/v1/auth/oauth/{provider}/authorize',
      '/user/api/v1/auth/phone-code',
      '/user/api/v1/auth/phone-code/verify',
      '/user/api/v1/auth/phone-code/{challengeId}/delivery',
      '/user/api/v1/auth/session',
      '/user/api/v1/auth/sessions',
      '/user/api/v1/auth/sessions/sign-out-others',
      '/user/api/v1/auth/sessions/{id}',
      '/user/api/v1/auth/sign-out',
      '/user/api/v1/auth/signup',
      '/user/api/v1/auth/two-factor/passkey/options',
      '/user/api/v1/auth/two-factor/passkey/verify',
      '/user/api/v1/auth/two-factor/verify',
      '/user/api/v1/invitations/{id}',
      '/user/api/v1/invitations/{id}/accept',
      '/user/api/v1/invitations/{id}/decline',
      '/user/api/v1/sms/kannel/delivery-reports/{messageId}',
      '/user/api/v1/teams',
      '/user/api/v1/teams/{teamId}',
      '/user/api/v1/teams/{teamId}/audit-log',
      '/user/api/v1/teams/{teamId}/invitations',
      '/user/api/v1/teams/{teamId}/invitations/{invitationId}',
      '/user/api/v1/teams/{teamId}/invitations/{invitationId}/resend',
      '/user/api/v1/teams/{teamId}/leave',
      '/user/api/v1/teams/{teamId}/limits',
      '/user/api/v1/teams/{teamId}/members',
      '/user/api/v1/teams/{teamId}/members/{userId}',
      '/user/api/v1/teams/{teamId}/transfer-ownership',
      '/user/api/v1/teams/{teamId}/two-factor-requirement',
      '/user/api/v1/teams/{teamId}/verification',
      '/user/api/v1/teams/{teamId}/verification/documents/{documentId}',
      '/user/api/v1/users/me',
      '/user/api/v1/users/me/api-tokens',
      '/user/api/v1/users/me/api-tokens/{id}',
      '/user/api/v1/users/me/email',
      '/user/api/v1/users/me/email/verify',
      '/user/api/v1/users/me/invitations',
      '/user/api/v1/users/me/ssh-keys',
      '/user/api/v1/users/me/ssh-keys/{id}',
      '/user/api/v1/users/me/two-factor',
      '/user/api/v1/users/me/two-factor/disable',
      '/user/api/v1/users/me/two-factor/passkeys',
      '/user/api/v1/users/me/two-factor/passkeys/options',
      '/user/api/v1/users/me/two-factor/passkeys/{id}',
      '/user/api/v1/users/me/two-factor/totp',
      '/user/api/v1/users/me/two-factor/totp/confirm',
    ]);

    expect(doc.paths['/resource-manager/api/v1/app-configs']).toMatchObject({
      get: {
        responses: {
          200: {
            content: { 'application/json': { schema: { required: ['version', 'drivers', 'socketPath'] } } },
          },
        },
      },
    });

    // A form with files is documented as multipart/form-data, its files as binary strings.
    expect(doc.paths['/user/api/v1/teams/{teamId}/verification']).toMatchObject({
      post: {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                required: expect.arrayContaining(['legalName', 'documents']),
                properties: {
                  legalName: { type: 'string' },
                  documents: {
                    type: 'array',
                    items: { type: 'string', format: 'binary', maxLength: 10 * 1024 * 1024 },
                    minItems: 1,
                    maxItems: 10,
                  },
                },
              },
            },
          },
        },
        responses: { 413: { description: 'The body is too large.' } },
      },
    });

    const create = doc.paths['/test/api/v1/computes/{teamId}/computes'];
    expect(create).toMatchObject({
      post: {
        parameters: [
          { name: 'teamId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          {
            name: 'dryRun',
            in: 'query',
            required: false,
            schema: { enum: ['true', 'false'], type: 'string' },
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['hostname', 'vcpus'],
                properties: { hostname: { type: 'string' }, vcpus: { type: 'number' } },
              },
            },
          },
        },
        responses: {
          422: {
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        },
      },
    });
    expect(Object.keys(create?.post?.responses ?? {}).sort()).toEqual([
      '201',
      '400',
      '413',
      '422',
      'default',
    ]);
    expect(doc.components).toMatchObject({
      schemas: { Problem: { properties: { errors: { type: 'array' } } } },
    });
  });
});

describe('security headers', () => {
  const paths = ['/healthz', '/resource-manager/api/v1/app-configs', '/user/api/v1/unknown', '/'];

  it.each(paths)('%s carries the strict CSP and its companions', async (path) => {
    const response = await t.app.request(path);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(response.headers.get('Permissions-Policy')).toContain('camera=()');
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('marks API answers, successful or not, as not storable', async () => {
    for (const path of ['/healthz', '/resource-manager/api/v1/app-configs', '/payment/api/v1/nope']) {
      const response = await t.app.request(path);
      expect(response.headers.get('Cache-Control'), path).toBe('no-store');
    }
  });
});

describe('request logs', () => {
  it('writes one JSON line per request with method, path, status, duration and the request id', async () => {
    const response = await t.app.request('/resource-manager/api/v1/app-configs');
    const requestId = response.headers.get('X-Request-Id');
    expect(requestId).toMatch(/^[\w-]{8,}$/);
    const line = t.logs.lines.find((entry) => entry.requestId === requestId);
    expect(line).toMatchObject({
      method: 'GET',
      path: '/resource-manager/api/v1/app-configs',
      status: 401,
      durationMs: expect.any(Number),
    });
  });
});

// Last in the file: it closes the database this file shares.
describe('GET /healthz', () => {
  it('answers 200 while the database answers', async () => {
    const response = await t.app.request('/healthz');
    expect(response.status).toBe(200);
    expect(v.parse(healthSchema, await response.json())).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers 503 once the database is gone, so a load balancer takes the server out', async () => {
    await database.handle.close();
    const response = await t.app.request('/healthz');
    expect(response.status).toBe(503);
    expect(v.parse(healthSchema, await response.json())).toMatchObject({
      status: 'degraded',
      database: 'down',
    });
  });
});

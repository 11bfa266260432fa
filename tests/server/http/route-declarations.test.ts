// Each route's declaration checks what no handler may forget: which API tokens may call it (its
// tokenScope, read by the session guard and the OpenAPI document alike) and its path parameters (an id
// that is not even well-formed answers the 404 of an unknown one, before any handler runs).
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../server/http/env';
import { idParam } from '../../../server/http/path-params';
import { ProblemError } from '../../../server/http/problem';
import { RouteRegistry } from '../../../server/http/registry';
import { defineRoutes } from '../../../server/http/routes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { send, teamWithRoles } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { OPERATOR_TOKEN } from '../support/verification';

/**
 * Every operation and the API tokens it takes, as the URL patterns of token-scopes.ts gave them before
 * each route declared its own: 'never' (no token), 'any' (any valid token) or the scope it needs.
 */
const SCOPES: [operation: string, scope: string][] = [
  ['GET /user/api/v1/auth/methods', 'never'],
  ['POST /user/api/v1/auth/signup', 'never'],
  ['POST /user/api/v1/auth/email-code', 'never'],
  ['POST /user/api/v1/auth/email-code/verify', 'never'],
  ['POST /user/api/v1/auth/phone-code', 'never'],
  ['POST /user/api/v1/auth/phone-code/verify', 'never'],
  ['GET /user/api/v1/auth/phone-code/{challengeId}/delivery', 'never'],
  ['GET /user/api/v1/auth/session', 'never'],
  ['POST /user/api/v1/auth/sign-out', 'never'],
  ['GET /user/api/v1/auth/sessions', 'never'],
  ['DELETE /user/api/v1/auth/sessions/{id}', 'never'],
  ['POST /user/api/v1/auth/sessions/sign-out-others', 'never'],
  ['GET /user/api/v1/auth/oauth/{provider}/authorize', 'never'],
  ['POST /user/api/v1/auth/oauth/callback', 'never'],
  ['PATCH /user/api/v1/users/me', 'never'],
  ['GET /user/api/v1/sms/kannel/delivery-reports/{messageId}', 'never'],
  ['POST /user/api/v1/users/me/email', 'never'],
  ['POST /user/api/v1/users/me/email/verify', 'never'],
  ['GET /user/api/v1/users/me/api-tokens', 'never'],
  ['POST /user/api/v1/users/me/api-tokens', 'never'],
  ['DELETE /user/api/v1/users/me/api-tokens/{id}', 'never'],
  ['GET /user/api/v1/users/me/two-factor', 'never'],
  ['POST /user/api/v1/users/me/two-factor/totp', 'never'],
  ['POST /user/api/v1/users/me/two-factor/totp/confirm', 'never'],
  ['POST /user/api/v1/users/me/two-factor/disable', 'never'],
  ['POST /user/api/v1/users/me/two-factor/passkeys/options', 'never'],
  ['POST /user/api/v1/users/me/two-factor/passkeys', 'never'],
  ['DELETE /user/api/v1/users/me/two-factor/passkeys/{id}', 'never'],
  ['POST /user/api/v1/auth/two-factor/passkey/options', 'never'],
  ['POST /user/api/v1/auth/two-factor/passkey/verify', 'never'],
  ['POST /user/api/v1/auth/two-factor/verify', 'never'],
  ['GET /user/api/v1/users/me/ssh-keys', 'never'],
  ['POST /user/api/v1/users/me/ssh-keys', 'never'],
  ['DELETE /user/api/v1/users/me/ssh-keys/{id}', 'never'],
  ['GET /user/api/v1/teams', 'any'],
  ['POST /user/api/v1/teams', 'never'],
  ['GET /user/api/v1/teams/{teamId}', 'team:read'],
  ['PATCH /user/api/v1/teams/{teamId}', 'team:read_write'],
  ['DELETE /user/api/v1/teams/{teamId}', 'never'],
  ['PUT /user/api/v1/teams/{teamId}/two-factor-requirement', 'never'],
  ['GET /user/api/v1/teams/{teamId}/limits', 'team:read'],
  ['GET /user/api/v1/teams/{teamId}/members', 'team:read'],
  ['PATCH /user/api/v1/teams/{teamId}/members/{userId}', 'team:read_write'],
  ['DELETE /user/api/v1/teams/{teamId}/members/{userId}', 'team:read_write'],
  ['POST /user/api/v1/teams/{teamId}/leave', 'never'],
  ['POST /user/api/v1/teams/{teamId}/transfer-ownership', 'never'],
  ['GET /user/api/v1/teams/{teamId}/invitations', 'team:read'],
  ['POST /user/api/v1/teams/{teamId}/invitations', 'team:read_write'],
  ['POST /user/api/v1/teams/{teamId}/invitations/{invitationId}/resend', 'team:read_write'],
  ['DELETE /user/api/v1/teams/{teamId}/invitations/{invitationId}', 'team:read_write'],
  ['GET /user/api/v1/teams/{teamId}/verification', 'team:read'],
  ['POST /user/api/v1/teams/{teamId}/verification', 'team:read_write'],
  ['GET /user/api/v1/teams/{teamId}/verification/documents/{documentId}', 'team:read'],
  ['GET /user/api/v1/teams/{teamId}/audit-log', 'team:read'],
  ['GET /user/api/v1/invitations/{id}', 'never'],
  ['POST /user/api/v1/invitations/{id}/accept', 'never'],
  ['POST /user/api/v1/invitations/{id}/decline', 'never'],
  ['GET /user/api/v1/users/me/invitations', 'never'],
  ['GET /resource-manager/api/v1/app-configs', 'computes:read'],
  ['POST /resource-manager/api/v1/socket-tickets', 'never'],
  ['GET /resource-manager/api/v1/locations', 'computes:read'],
  ['GET /resource-manager/api/v1/operating-systems', 'computes:read'],
  ['GET /resource-manager/api/v1/instance-types', 'computes:read'],
  ['GET /resource-manager/api/v1/storage-prices', 'computes:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/computes', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/computes', 'computes:read'],
  ['GET /resource-manager/api/v1/teams/{teamId}/computes/{computeId}', 'computes:read'],
  ['DELETE /resource-manager/api/v1/teams/{teamId}/computes/{computeId}', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/ssh-keys', 'computes:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/actions', 'computes:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/rebuild', 'computes:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/resize', 'computes:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/rescue', 'computes:read_write'],
  ['DELETE /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/rescue', 'computes:read_write'],
  ['PUT /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/tags', 'computes:read_write'],
  ['PUT /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/reverse-dns', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/history', 'computes:read'],
  ['GET /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/metrics', 'computes:read'],
  ['GET /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/user-data', 'computes:read'],
  ['GET /resource-manager/api/v1/teams/{teamId}/firewalls', 'computes:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/firewalls', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/firewalls/{firewallId}', 'computes:read'],
  ['PUT /resource-manager/api/v1/teams/{teamId}/firewalls/{firewallId}', 'computes:read_write'],
  ['DELETE /resource-manager/api/v1/teams/{teamId}/firewalls/{firewallId}', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/networks', 'computes:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/networks', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/networks/{networkId}', 'computes:read'],
  ['DELETE /resource-manager/api/v1/teams/{teamId}/networks/{networkId}', 'computes:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/networks/{networkId}/members', 'computes:read_write'],
  [
    'DELETE /resource-manager/api/v1/teams/{teamId}/networks/{networkId}/members/{computeId}',
    'computes:read_write',
  ],
  ['GET /resource-manager/api/v1/teams/{teamId}/images', 'computes:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/images', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/images/{imageId}', 'computes:read'],
  ['PATCH /resource-manager/api/v1/teams/{teamId}/images/{imageId}', 'computes:read_write'],
  ['DELETE /resource-manager/api/v1/teams/{teamId}/images/{imageId}', 'computes:read_write'],
  ['PUT /resource-manager/api/v1/teams/{teamId}/images/{imageId}/file', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/images/{imageId}/file', 'computes:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/images/{imageId}/download-link', 'computes:read'],
  ['GET /resource-manager/api/v1/image-downloads/{token}', 'never'],
  ['GET /resource-manager/api/v1/teams/{teamId}/volumes', 'computes:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/volumes', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}', 'computes:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}/attach', 'computes:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}/detach', 'computes:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}/resize', 'computes:read_write'],
  ['DELETE /resource-manager/api/v1/teams/{teamId}/volumes/{volumeId}', 'computes:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/backups', 'computes:read'],
  [
    'PUT /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/backups/settings',
    'computes:read_write',
  ],
  ['POST /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/backups', 'computes:read_write'],
  [
    'POST /resource-manager/api/v1/teams/{teamId}/computes/{computeId}/backups/{backupId}/restore',
    'computes:read_write',
  ],
  ['GET /resource-manager/api/v1/teams/{teamId}/domains', 'domains:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/domains', 'domains:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/domains/{domainId}', 'domains:read'],
  ['DELETE /resource-manager/api/v1/teams/{teamId}/domains/{domainId}', 'domains:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/delegation-check', 'domains:read_write'],
  ['GET /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/records', 'domains:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/records', 'domains:read_write'],
  ['PUT /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/records/{recordId}', 'domains:read_write'],
  [
    'DELETE /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/records/{recordId}',
    'domains:read_write',
  ],
  ['GET /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/zone-file', 'domains:read'],
  ['POST /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/zone-file/preview', 'domains:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/zone-file/apply', 'domains:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/dnssec', 'domains:read_write'],
  ['DELETE /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/dnssec', 'domains:read_write'],
  ['POST /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/dnssec/rollover', 'domains:read_write'],
  [
    'POST /resource-manager/api/v1/teams/{teamId}/domains/{domainId}/dnssec/rollover/complete',
    'domains:read_write',
  ],
  ['GET /payment/api/v1/teams/{teamId}/balance', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/ledger', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/ledger/csv', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/payment-methods', 'billing:read'],
  ['POST /payment/api/v1/teams/{teamId}/top-ups', 'billing:read_write'],
  ['GET /payment/api/v1/teams/{teamId}/top-ups', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/top-ups/{topUpId}', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/billing-profile', 'billing:read'],
  ['PUT /payment/api/v1/teams/{teamId}/billing-profile', 'billing:read_write'],
  ['GET /payment/api/v1/teams/{teamId}/usage', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/invoices', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/invoices/{invoiceId}', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/invoices/{invoiceId}/pdf', 'billing:read'],
  ['GET /payment/api/v1/teams/{teamId}/invoices/{invoiceId}/csv', 'billing:read'],
  ['POST /payment/api/v1/teams/{teamId}/sandbox/month-end', 'billing:read_write'],
  ['POST /payment/api/v1/callbacks/{provider}', 'never'],
  ['GET /healthz', 'never'],
  ['GET /api/openapi.json', 'never'],
  ['GET /api/docs', 'never'],
  ['GET /api/docs.css', 'never'],
  ['GET /ops/api/v1/verification-requests', 'never'],
  ['GET /ops/api/v1/teams/{teamId}/verification', 'never'],
  ['POST /ops/api/v1/teams/{teamId}/verification/decision', 'never'],
  ['GET /ops/api/v1/teams/{teamId}/verification/documents/{documentId}', 'never'],
  ['GET /ops/api/v1/hosts', 'never'],
  ['POST /ops/api/v1/hosts/{host}/drain', 'never'],
  ['DELETE /ops/api/v1/hosts/{host}/drain', 'never'],
];

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, { operatorToken: OPERATOR_TOKEN });
});
afterAll(() => database?.dispose());

interface Operation {
  security: Record<string, string[]>[];
}

async function openApi(): Promise<Record<string, Record<string, Operation>>> {
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return doc.paths;
}

const notFound = () => new ProblemError(404, { detail: 'No such thing.' });

describe('route declarations', () => {
  it('refuses to register a route that does not say which API tokens may call it', () => {
    const routes = defineRoutes('/things').add(
      // @ts-expect-error: tokenScope is required
      {
        method: 'get',
        path: '/',
        summary: 'List the things',
        responses: { 200: { description: 'The things.' } },
        handler: (c) => c.json([]),
      },
    );
    const register = () =>
      new RouteRegistry().mount(new Hono<AppEnv>(), { name: 'Test', basePath: '/test', resources: [routes] });
    expect(register).toThrow('GET /test/things declares no tokenScope');
  });

  it('refuses to register a route whose path parameters its declaration does not check', () => {
    const mount = (params?: v.GenericSchema) =>
      new RouteRegistry().mount(new Hono<AppEnv>(), {
        name: 'Test',
        basePath: '/test',
        resources: [
          defineRoutes('/things').add({
            method: 'get',
            path: '/:thingId',
            summary: 'Read a thing',
            tokenScope: 'never',
            ...(params ? { request: { params } } : {}),
            responses: { 200: { description: 'The thing.' } },
            handler: (c) => c.json({}),
          }),
        ],
      });
    expect(() => mount()).toThrow('its path parameters thingId are not in request.params');
    expect(() => mount(v.object({ thingId: v.string() }))).toThrow(
      'its id parameters thingId are not declared with idParam',
    );
    expect(() => mount(v.object({ thingId: idParam('thing', notFound) }))).not.toThrow();
  });

  it('documents every operation with the token scope its route declares, the same as before', async () => {
    const paths = await openApi();
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]): [string, string] => {
        const token = operation.security.find((scheme) => 'apiToken' in scheme);
        return [`${method.toUpperCase()} ${path}`, token ? (token.apiToken![0] ?? 'any') : 'never'];
      }),
    );
    expect(documented.sort()).toEqual([...SCOPES].sort());
  });

  it('answers a malformed id with a 404 on every route that takes one, never a 500', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const paths = await openApi();
    const bad = ['abc', '0', "'", '%20', 'x'.repeat(5000)];
    const answers = new Map<string, number[]>();
    let tried = 0;
    for (const [template, operations] of Object.entries(paths)) {
      const ids = [...template.matchAll(/\{(\w+)\}/g)]
        .map((match) => match[1]!)
        .filter((name) => /^id$|Id$/.test(name));
      if (ids.length === 0) continue;
      for (const method of Object.keys(operations)) {
        const operator = template.startsWith('/ops/');
        for (const broken of ids) {
          for (const value of bad) {
            const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
              if (name === broken) return value;
              if (name === 'teamId') return teamId;
              return '00000000-0000-4000-8000-000000000000';
            });
            const answer = await send(t, method.toUpperCase(), path, {
              token: operator ? OPERATOR_TOKEN : owner.token,
            });
            tried += 1;
            const key = `${method.toUpperCase()} ${template} (${broken})`;
            answers.set(key, [...(answers.get(key) ?? []), answer.status]);
            expect(answer.headers.get('Content-Type'), key).toBe('application/problem+json');
          }
        }
      }
    }
    const notAll404 = [...answers].filter(([, statuses]) => statuses.some((status) => status !== 404));
    expect(notAll404).toEqual([]);
    // Every route with an id: the teams', computes', domains', billing's, invitations', the account's.
    expect(answers.size).toBeGreaterThan(50);
    expect(tried).toBe(answers.size * bad.length);
  });
});

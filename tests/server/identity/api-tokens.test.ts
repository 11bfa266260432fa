// Personal API tokens: made in account settings, used as `Authorization: Bearer ikt_…`; they act within their
// scopes per area, for the teams they name, never beyond their owner's role, and never manage tokens,
// sessions or the account. Expired, revoked and unknown tokens answer 401. A token whose every area is "no
// access" gets nothing (Linode once gave such a token full access).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenScopes } from '@/contract/api-tokens';
import { billingPath, fundedTeamOf } from '../support/billing';
import { computesPath, createCompute } from '../support/computes';
import { domainsPath } from '../support/domains';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

const NONE: TokenScopes = { computes: 'none', domains: 'none', billing: 'none', team: 'none' };
const DAY = 86_400_000;

function inDays(days: number): string {
  return new Date(t.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);
}

async function makeToken(
  owner: Person,
  teamIds: string[],
  scopes: Partial<TokenScopes>,
  expiresOn = inDays(30),
): Promise<{ id: string; secret: string }> {
  const made = await send(t, 'POST', '/users/me/api-tokens', {
    token: owner.token,
    body: { name: 'deploy', teamIds, scopes: { ...NONE, ...scopes }, expiresOn },
  });
  expectStatus(made, 201);
  expect(made.body.secret).toMatch(/^ikt_[A-Za-z0-9_-]{43}$/);
  return { id: made.body.token.id, secret: made.body.secret };
}

describe('API tokens', () => {
  it('read computes: lists them, and gets 403 saying why on create', async () => {
    const owner = await person(t, 'Olive Owner');
    const teamId = await fundedTeamOf(t, owner);
    expectStatus(await createCompute(t, owner.token, teamId), 201);
    const { secret } = await makeToken(owner, [teamId], { computes: 'read' });

    const list = await send(t, 'GET', computesPath(teamId), { token: secret });
    expectStatus(list, 200);
    expect(list.body.computes).toHaveLength(1);
    const refused = await createCompute(t, secret, teamId);
    expectStatus(refused, 403);
    expect(refused.body.detail).toBe(
      'This token cannot change computes: its access there is “Read”. Make a token with read and write access to computes.',
    );
    // Another area it has no access to.
    expectStatus(await send(t, 'GET', domainsPath(teamId), { token: secret }), 403);
  });

  it('with every area at "no access" gets nothing from any area', async () => {
    const owner = await person(t, 'Nadia None');
    const teamId = await fundedTeamOf(t, owner);
    const { secret } = await makeToken(owner, [teamId], {});
    for (const path of [
      computesPath(teamId),
      domainsPath(teamId),
      billingPath(teamId, '/balance'),
      `/teams/${teamId}/members`,
      `/teams/${teamId}`,
      '/resource-manager/api/v1/instance-types',
    ]) {
      expect((await send(t, 'GET', path, { token: secret })).status, path).toBe(403);
    }
    expectStatus(await createCompute(t, secret, teamId), 403);
    expectStatus(
      await send(t, 'PATCH', `/teams/${teamId}`, { token: secret, body: { name: 'Taken over' } }),
      403,
    );
  });

  it('expired, revoked or unknown answer 401; the expiry is the end of the chosen day', async () => {
    const owner = await person(t, 'Eve Expiry');
    const teamId = await fundedTeamOf(t, owner);
    const short = await makeToken(owner, [teamId], { computes: 'read' }, inDays(1));
    const revoked = await makeToken(owner, [teamId], { computes: 'read' });
    expectStatus(await send(t, 'GET', computesPath(teamId), { token: revoked.secret }), 200);
    expectStatus(await send(t, 'DELETE', `/users/me/api-tokens/${revoked.id}`, { token: owner.token }), 204);
    const gone = await send(t, 'GET', computesPath(teamId), { token: revoked.secret });
    expectStatus(gone, 401);
    expect(gone.body.detail).toMatch(/^This API token has expired or was revoked\./);
    expectStatus(await send(t, 'GET', computesPath(teamId), { token: `ikt_${'A'.repeat(43)}` }), 401);

    expectStatus(await send(t, 'GET', computesPath(teamId), { token: short.secret }), 200);
    t.clock.advance(2 * DAY);
    expectStatus(await send(t, 'GET', computesPath(teamId), { token: short.secret }), 401);
    const listed = await send(t, 'GET', '/users/me/api-tokens', {
      token: (await t.identity.sessions.create(owner.id, { userAgent: 'vitest', ip: null })).token,
    });
    expect(listed.body.tokens).toEqual([]);
  });

  it('of a MEMBER cannot do what a MEMBER cannot, whatever its scopes', async () => {
    const owner = await person(t, 'Oscar Owner');
    const member = await person(t, 'Mia Member');
    const teamId = await fundedTeamOf(t, owner, [[member, 'MEMBER']]);
    const all = {
      computes: 'read_write',
      domains: 'read_write',
      billing: 'read_write',
      team: 'read_write',
    } as const;
    const { secret } = await makeToken(member, [teamId], all);
    expectStatus(await send(t, 'GET', billingPath(teamId, '/balance'), { token: secret }), 403);
    expectStatus(
      await send(t, 'POST', `/teams/${teamId}/invitations`, {
        token: secret,
        body: { email: 'someone@example.rw', role: 'MEMBER' },
      }),
      403,
    );
    expectStatus(await send(t, 'PATCH', `/teams/${teamId}`, { token: secret, body: { name: 'Mine' } }), 403);
    // What a MEMBER may do, it may.
    expectStatus(await createCompute(t, secret, teamId), 201);
  });

  it('acts only for its teams: another team of its owner answers 404, and the team list holds only its own', async () => {
    const owner = await person(t, 'Tess Teams');
    const first = await fundedTeamOf(t, owner, [], 'First');
    const second = await fundedTeamOf(t, owner, [], 'Second');
    const { secret } = await makeToken(owner, [first], { computes: 'read' });
    expectStatus(await send(t, 'GET', computesPath(first), { token: secret }), 200);
    expectStatus(await send(t, 'GET', computesPath(second), { token: secret }), 404);
    const teams = await send(t, 'GET', '/teams', { token: secret });
    expectStatus(teams, 200);
    expect(teams.body.teams.map((team: { id: string }) => team.id)).toEqual([first]);
  });

  it('cannot make tokens, list or end sessions, change the account, two-factor settings or SSH keys', async () => {
    const owner = await person(t, 'Cara Careful');
    const teamId = await fundedTeamOf(t, owner);
    const all = {
      computes: 'read_write',
      domains: 'read_write',
      billing: 'read_write',
      team: 'read_write',
    } as const;
    const { secret } = await makeToken(owner, [teamId], all);
    const attempts: [string, string, unknown?][] = [
      [
        'POST',
        '/users/me/api-tokens',
        { name: 'more', teamIds: [teamId], scopes: all, expiresOn: inDays(30) },
      ],
      ['GET', '/users/me/api-tokens'],
      ['GET', '/auth/sessions'],
      ['POST', '/auth/sessions/sign-out-others'],
      ['PATCH', '/users/me', { name: 'Someone else' }],
      ['DELETE', `/teams/${teamId}`, { confirmName: 'x' }],
      ['POST', '/resource-manager/api/v1/socket-tickets'],
      ['GET', '/users/me/two-factor'],
      ['POST', '/users/me/two-factor/totp'],
      ['POST', '/users/me/ssh-keys', { name: 'k', publicKey: 'ssh-ed25519 AAAA' }],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await send(t, method, path, { token: secret, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.title).toBe('Not with an API token');
    }
  });

  it('records its last use, and the activity log names it', async () => {
    const owner = await person(t, 'Lee Logged');
    const teamId = await fundedTeamOf(t, owner);
    const { id, secret } = await makeToken(owner, [teamId], { computes: 'read_write' });
    const made = await t.app.request(computesPath(teamId), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secret}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify((await import('../support/computes')).computeRequest()),
    });
    expect(made.status).toBe(201);
    const listed = await send(t, 'GET', '/users/me/api-tokens', { token: owner.token });
    const token = listed.body.tokens.find((item: { id: string }) => item.id === id);
    expect(token).toMatchObject({ name: 'deploy', lastUsedAt: t.clock.now().toISOString() });
    expect(token.teams).toEqual([{ id: teamId, name: expect.any(String) }]);
    const entries = await auditRows(t, teamId);
    const created = entries.find((entry) => entry.action === 'compute.created');
    expect(created?.details).toMatchObject({ apiToken: 'deploy' });
  });

  it('refuses, beside the field, a past or too distant expiry and a team its owner is not in', async () => {
    const owner = await person(t, 'Vic Valid');
    const stranger = await person(t, 'Sam Stranger');
    const teamId = await fundedTeamOf(t, owner);
    const body = (overrides: Record<string, unknown>) => ({
      name: 'ci',
      teamIds: [teamId],
      scopes: NONE,
      expiresOn: inDays(30),
      ...overrides,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expiresOn: inDays(0) }, 'expiresOn', 'Choose a day after today.'],
      [{ expiresOn: inDays(400) }, 'expiresOn', 'A token lives at most 366 days.'],
      [{ expiresOn: '2026-02-30' }, 'expiresOn', 'Enter the expiry as a date (YYYY-MM-DD).'],
      [{ teamIds: [stranger.ownTeamId] }, 'teamIds', 'A token can act only for teams you are a member of.'],
      [{ name: '  ' }, 'name', 'Give the token a name.'],
    ];
    for (const [overrides, field, message] of cases) {
      const refused = await send(t, 'POST', '/users/me/api-tokens', {
        token: owner.token,
        body: body(overrides),
      });
      expectStatus(refused, 422);
      expect(refused.body.errors).toContainEqual({ field, message });
    }
  });

  it('are declared in the OpenAPI document with the scope each operation needs', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
    };
    const security = (path: string, method: string) => doc.paths[path]![method]!.security;
    expect(security('/resource-manager/api/v1/teams/{teamId}/computes', 'post')).toContainEqual({
      apiToken: ['computes:read_write'],
    });
    expect(security('/resource-manager/api/v1/teams/{teamId}/computes', 'get')).toContainEqual({
      apiToken: ['computes:read'],
    });
    expect(security('/payment/api/v1/teams/{teamId}/balance', 'get')).toContainEqual({
      apiToken: ['billing:read'],
    });
    for (const [path, method] of [
      ['/user/api/v1/users/me/api-tokens', 'post'],
      ['/user/api/v1/auth/sessions', 'get'],
      ['/user/api/v1/teams/{teamId}', 'delete'],
    ] as const) {
      expect(
        security(path, method).some((requirement) => 'apiToken' in requirement),
        `${method} ${path}`,
      ).toBe(false);
    }
  });
});

// The permission matrix: every route the app registers (every service, as the OpenAPI document lists
// them) is called by five callers — anonymous, an outsider (another team's owner), and the MEMBER, ADMIN
// and OWNER of the team — and must answer what the table below says. A route missing from the table fails
// the test: the computes, domains and billing issues add their rows here.
//
// Reading a row: 401 sign-in required, 404 the team (or id) is not theirs, 403 their role may not, and
// any other status means the permission check let them through (422 and 409 included: the input or the
// state was judged, which happens only after the guards).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { teamImages, volumes } from '../../../server/db/schema';
import { fundedTeamOf, startTopUp } from '../support/billing';
import { action, computeRequest, computesPath, createCompute, waitForStatus } from '../support/computes';
import { addDomain, addRecord, uniqueZone } from '../support/domains';
import { buildIdentityTestApp, type IdentityTestApp, uniqueEmail } from '../support/identity';
import { type Answer, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { OPERATOR_TOKEN, submitVerification, verificationForm } from '../support/verification';

const CALLERS = ['anonymous', 'outsider', 'member', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];
type Outcomes = Record<Caller, number>;

/** A fresh team per call, so one caller's change (a deletion, a removal) never shapes the next call. */
interface Fixture {
  teamId: string;
  caller: Person | undefined;
  /** A MEMBER of the team who is none of the callers: whose role is changed, who is removed, … */
  target: Person;
}

interface RequestParts {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  form?: FormData;
  /** Use this token instead of the caller's (a session made for a route that ends it). */
  token?: string;
  headers?: Record<string, string>;
}

interface Row {
  expect: Outcomes;
  request?: (fixture: Fixture) => Promise<RequestParts> | RequestParts;
}

const everyone = (status: number): Outcomes => ({
  anonymous: status,
  outsider: status,
  member: status,
  admin: status,
  owner: status,
});
const signedIn = (status: number): Outcomes => ({ ...everyone(status), anonymous: 401 });
const team = (member: number, admin: number, owner: number): Outcomes => ({
  anonymous: 401,
  outsider: 404,
  member,
  admin,
  owner,
});
const operatorOnly = everyone(401);

let database: TestDatabase;
let t: IdentityTestApp;
const uploadsDir = mkdtempSync(join(tmpdir(), 'ikirere-uploads-test-'));
let people: Record<Exclude<Caller, 'anonymous'>, Person>;
let target: Person;
let host: Person;

/** A fresh session for the caller, for routes that end sessions. */
async function freshToken(fixture: Fixture): Promise<string | undefined> {
  if (!fixture.caller) return undefined;
  return (await t.identity.sessions.create(fixture.caller.id, { userAgent: 'vitest', ip: null })).token;
}

/** An open invitation of the fixture team, sent by its owner. */
async function teamInvitation(fixture: Fixture): Promise<string> {
  const answer = await send(t, 'POST', `/teams/${fixture.teamId}/invitations`, {
    token: people.owner.token,
    body: { email: uniqueEmail('invitee'), role: 'MEMBER' },
  });
  return answer.body.id;
}

/** An invitation addressed to the caller, from a team of its own: the invitee routes are the addressee's. */
async function invitationForCaller(fixture: Fixture): Promise<string> {
  const hostTeam = await fundedTeamOf(t, host, [], 'Host team');
  const answer = await send(t, 'POST', `/teams/${hostTeam}/invitations`, {
    token: host.token,
    body: { email: fixture.caller?.email ?? uniqueEmail('nobody'), role: 'MEMBER' },
  });
  return answer.body.id;
}

async function verificationDocument(fixture: Fixture): Promise<string> {
  const answer = await submitVerification(t, fixture.teamId, people.owner.token);
  return answer.body.documents[0].id;
}

/** A compute of the fixture team, made by its owner; running (power actions) or stopped (resize) when asked. */
async function teamCompute(
  fixture: Fixture,
  state: 'provisioning' | 'running' | 'stopped' | 'rescue' = 'provisioning',
) {
  const created = await createCompute(t, people.owner.token, fixture.teamId);
  const compute = created.body.compute as { id: string; hostname: string };
  if (state !== 'provisioning') {
    await waitForStatus(t, people.owner.token, fixture.teamId, compute.id, 'running');
  }
  if (state === 'stopped') {
    await action(t, people.owner.token, fixture.teamId, compute.id, 'power_off');
    await waitForStatus(t, people.owner.token, fixture.teamId, compute.id, 'stopped');
  }
  if (state === 'rescue') {
    const path = computesPath(fixture.teamId, `/${compute.id}/rescue`);
    await send(t, 'POST', path, { token: people.owner.token });
    await waitForStatus(t, people.owner.token, fixture.teamId, compute.id, 'rescue');
  }
  return compute;
}

/** An image of the fixture team (a failed capture: a row without a file). */
async function teamImage(fixture: Fixture): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await t.identity.db.insert(teamImages).values({
    id,
    teamId: fixture.teamId,
    name: 'matrix',
    status: 'failed',
    source: 'capture',
    operatingSystemId: 'debian-12',
    message: 'Made by the permission matrix.',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** A volume of the fixture team in kgl1, attached to nothing (a row: the simulator's volumes are metadata). */
async function teamVolume(fixture: Fixture): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await t.identity.db.insert(volumes).values({
    id,
    teamId: fixture.teamId,
    name: 'matrix',
    sizeGb: 10,
    locationId: 'kgl1',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** A domain of the fixture team, added by its owner, and one of its sample records. */
async function teamDomain(fixture: Fixture) {
  const created = await addDomain(t, people.owner.token, fixture.teamId);
  const domain = created.body as { id: string; name: string };
  const record = await addRecord(t, people.owner.token, fixture.teamId, domain.id, {
    type: 'TXT',
    name: 'matrix',
    value: 'hello',
  });
  return { ...domain, recordId: record.body.id as string };
}

/** A firewall of the fixture team, made by its owner. */
async function teamFirewall(fixture: Fixture) {
  const created = await send(t, 'POST', `${RM}/teams/${fixture.teamId}/firewalls`, {
    token: people.owner.token,
    body: { name: `matrix-${Math.random().toString(36).slice(2, 8)}`, rules: [] },
  });
  return created.body.firewall as { id: string; name: string };
}

/** A private network of the fixture team, made by its owner, each on a block of its own. */
let networkBlocks = 0;
const networkBody = () => {
  networkBlocks += 1;
  return { name: `matrix-net-${networkBlocks}`, ipv4Block: `10.${networkBlocks}.0.0/24` };
};
async function teamNetwork(fixture: Fixture) {
  const created = await send(t, 'POST', `${RM}/teams/${fixture.teamId}/networks`, {
    token: people.owner.token,
    body: networkBody(),
  });
  return created.body.network as { id: string };
}

/** A domain of the fixture team, signed by its owner (and with a key roll started, when `rolling`). */
async function signedDomain(fixture: Fixture, rolling = false) {
  const domain = await teamDomain(fixture);
  const path = `/resource-manager/api/v1/teams/${fixture.teamId}/domains/${domain.id}/dnssec`;
  await send(t, 'POST', path, { token: people.owner.token });
  if (rolling) await send(t, 'POST', `${path}/rollover`, { token: people.owner.token });
  return domain;
}

const U = '/user/api/v1';
const RM = '/resource-manager/api/v1';
const OPS = '/ops/api/v1';
const PAY = '/payment/api/v1';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** Every registered route, by `METHOD /path/{param}` as the OpenAPI document names it. */
const MATRIX: Record<string, Row> = {
  // ── Operations and console configuration ──
  'GET /healthz': { expect: everyone(200) },
  'GET /api/openapi.json': { expect: everyone(200) },
  'GET /api/docs': { expect: everyone(200) },
  'GET /api/docs.css': { expect: everyone(200) },
  'GET /resource-manager/api/v1/app-configs': { expect: signedIn(200) },
  'POST /resource-manager/api/v1/socket-tickets': { expect: signedIn(201) },

  // ── Identity: sign-in is public, the rest needs a session ──
  [`GET ${U}/auth/methods`]: { expect: everyone(200) },
  [`POST ${U}/auth/signup`]: {
    expect: everyone(200),
    request: () => ({ body: { name: 'New Person', email: uniqueEmail('signup') } }),
  },
  [`POST ${U}/auth/email-code`]: {
    expect: everyone(200),
    request: () => ({ body: { email: uniqueEmail('signin') } }),
  },
  [`POST ${U}/auth/email-code/verify`]: { expect: everyone(422), request: () => ({ body: {} }) },
  [`GET ${U}/auth/oauth/{provider}/authorize`]: {
    expect: everyone(302),
    request: () => ({ params: { provider: 'github' } }),
  },
  [`POST ${U}/auth/oauth/callback`]: {
    expect: everyone(400),
    request: () => ({ body: { code: 'code', state: 'no-such-state' } }),
  },
  [`POST ${U}/auth/phone-code`]: { expect: signedIn(422), request: () => ({ body: {} }) },
  [`POST ${U}/auth/phone-code/verify`]: { expect: signedIn(422), request: () => ({ body: {} }) },
  // Someone else's code, or none: the same 404 (the text's delivery is its owner's only).
  [`GET ${U}/auth/phone-code/{challengeId}/delivery`]: {
    expect: signedIn(404),
    request: () => ({ params: { challengeId: NO_SUCH_ID } }),
  },
  // Kannel's delivery reports: no session (the text's token is the credential); 404 where texts do not go
  // through Kannel, as here.
  [`GET ${U}/sms/kannel/delivery-reports/{messageId}`]: {
    expect: everyone(404),
    request: () => ({ params: { messageId: NO_SUCH_ID }, query: '?token=forged&type=1' }),
  },
  [`GET ${U}/auth/session`]: { expect: signedIn(200) },
  [`POST ${U}/auth/sign-out`]: {
    expect: signedIn(204),
    request: async (fixture) => ({ token: await freshToken(fixture) }),
  },
  [`GET ${U}/auth/sessions`]: { expect: signedIn(200) },
  [`DELETE ${U}/auth/sessions/{id}`]: {
    expect: signedIn(204),
    request: async (fixture) => {
      // Another session of the caller's own, which they may end.
      if (!fixture.caller) return { params: { id: NO_SUCH_ID } };
      const { session } = await t.identity.sessions.create(fixture.caller.id, {
        userAgent: 'old phone',
        ip: null,
      });
      return { params: { id: session.id } };
    },
  },
  // With the caller's own token: it ends their other sessions, never the one the matrix goes on with.
  [`POST ${U}/auth/sessions/sign-out-others`]: { expect: signedIn(200) },
  [`PATCH ${U}/users/me`]: {
    expect: signedIn(200),
    request: (fixture) => ({ body: { name: fixture.caller?.name ?? 'Nobody' } }),
  },
  [`POST ${U}/users/me/email`]: {
    expect: signedIn(422),
    request: () => ({ body: { email: 'not-an-address' } }),
  },
  [`POST ${U}/users/me/email/verify`]: { expect: signedIn(422), request: () => ({ body: {} }) },
  [`GET ${U}/users/me/api-tokens`]: { expect: signedIn(200) },
  [`POST ${U}/users/me/api-tokens`]: { expect: signedIn(422), request: () => ({ body: {} }) },
  [`DELETE ${U}/users/me/api-tokens/{id}`]: {
    expect: signedIn(404),
    request: () => ({ params: { id: NO_SUCH_ID } }),
  },
  [`POST ${U}/auth/two-factor/verify`]: {
    expect: everyone(410),
    request: () => ({ body: { challengeId: NO_SUCH_ID, code: '123456' } }),
  },
  [`POST ${U}/auth/two-factor/passkey/options`]: {
    expect: everyone(410),
    request: () => ({ body: { challengeId: NO_SUCH_ID } }),
  },
  [`POST ${U}/auth/two-factor/passkey/verify`]: {
    expect: everyone(410),
    request: () => ({
      body: {
        challengeId: NO_SUCH_ID,
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
        },
      },
    }),
  },
  [`GET ${U}/users/me/two-factor`]: { expect: signedIn(200) },
  [`POST ${U}/users/me/two-factor/passkeys/options`]: {
    expect: signedIn(422),
    request: () => ({ body: {} }),
  },
  [`POST ${U}/users/me/two-factor/passkeys`]: { expect: signedIn(422), request: () => ({ body: {} }) },
  [`DELETE ${U}/users/me/two-factor/passkeys/{id}`]: {
    expect: signedIn(404),
    request: () => ({ params: { id: 'no-such-passkey' } }),
  },
  [`POST ${U}/users/me/two-factor/totp`]: { expect: signedIn(200) },
  [`POST ${U}/users/me/two-factor/totp/confirm`]: { expect: signedIn(422), request: () => ({ body: {} }) },
  [`POST ${U}/users/me/two-factor/disable`]: {
    expect: signedIn(409),
    request: () => ({ body: { code: '123456' } }),
  },
  [`GET ${U}/users/me/ssh-keys`]: { expect: signedIn(200) },
  [`POST ${U}/users/me/ssh-keys`]: { expect: signedIn(422), request: () => ({ body: {} }) },
  [`DELETE ${U}/users/me/ssh-keys/{id}`]: {
    expect: signedIn(404),
    request: () => ({ params: { id: NO_SUCH_ID } }),
  },

  // ── Teams ──
  [`GET ${U}/teams`]: { expect: signedIn(200) },
  [`POST ${U}/teams`]: { expect: signedIn(201), request: () => ({ body: { name: 'Another team' } }) },
  [`GET ${U}/teams/{teamId}`]: { expect: team(200, 200, 200) },
  [`PATCH ${U}/teams/{teamId}`]: {
    expect: team(403, 200, 200),
    request: () => ({ body: { name: 'Renamed' } }),
  },
  [`DELETE ${U}/teams/{teamId}`]: { expect: team(403, 403, 204) },
  [`GET ${U}/teams/{teamId}/limits`]: { expect: team(200, 200, 200) },
  [`GET ${U}/teams/{teamId}/audit-log`]: { expect: team(403, 200, 200) },

  // ── Members ──
  [`GET ${U}/teams/{teamId}/members`]: { expect: team(200, 200, 200) },
  [`PATCH ${U}/teams/{teamId}/members/{userId}`]: {
    expect: team(403, 200, 200),
    request: (fixture) => ({ params: { userId: fixture.target.id }, body: { role: 'ADMIN' } }),
  },
  [`DELETE ${U}/teams/{teamId}/members/{userId}`]: {
    expect: team(403, 204, 204),
    request: (fixture) => ({ params: { userId: fixture.target.id } }),
  },
  // The owner passes the guard and is then told to transfer first (409).
  [`POST ${U}/teams/{teamId}/leave`]: { expect: team(204, 204, 409) },
  [`POST ${U}/teams/{teamId}/transfer-ownership`]: {
    expect: team(403, 403, 200),
    request: (fixture) => ({ body: { userId: fixture.target.id } }),
  },
  // The owner passes the guard and is then told to turn two-factor sign-in on for themselves first (409).
  [`PUT ${U}/teams/{teamId}/two-factor-requirement`]: {
    expect: team(403, 403, 409),
    request: () => ({ body: { required: true } }),
  },

  // ── Invitations, the team's side ──
  [`GET ${U}/teams/{teamId}/invitations`]: { expect: team(403, 200, 200) },
  [`POST ${U}/teams/{teamId}/invitations`]: {
    expect: team(403, 201, 201),
    request: () => ({ body: { email: uniqueEmail('new'), role: 'MEMBER' } }),
  },
  [`POST ${U}/teams/{teamId}/invitations/{invitationId}/resend`]: {
    expect: team(403, 201, 201),
    request: async (fixture) => ({ params: { invitationId: await teamInvitation(fixture) } }),
  },
  [`DELETE ${U}/teams/{teamId}/invitations/{invitationId}`]: {
    expect: team(403, 204, 204),
    request: async (fixture) => ({ params: { invitationId: await teamInvitation(fixture) } }),
  },

  // ── Invitations, the invitee's side (each caller reads one addressed to them) ──
  [`GET ${U}/invitations/{id}`]: {
    expect: signedIn(200),
    request: async (fixture) => ({ params: { id: await invitationForCaller(fixture) } }),
  },
  [`POST ${U}/invitations/{id}/accept`]: {
    expect: signedIn(200),
    request: async (fixture) => ({ params: { id: await invitationForCaller(fixture) } }),
  },
  [`POST ${U}/invitations/{id}/decline`]: {
    expect: signedIn(200),
    request: async (fixture) => ({ params: { id: await invitationForCaller(fixture) } }),
  },
  [`GET ${U}/users/me/invitations`]: { expect: signedIn(200) },

  // ── Team verification ──
  [`GET ${U}/teams/{teamId}/verification`]: { expect: team(403, 200, 200) },
  [`POST ${U}/teams/{teamId}/verification`]: {
    expect: team(403, 200, 200),
    request: () => ({ form: verificationForm() }),
  },
  [`GET ${U}/teams/{teamId}/verification/documents/{documentId}`]: {
    expect: team(403, 200, 200),
    request: async (fixture) => ({ params: { documentId: await verificationDocument(fixture) } }),
  },

  // ── Computes: the catalog for anyone signed in; computes for every member of the team ──
  [`GET ${RM}/locations`]: { expect: signedIn(200) },
  [`GET ${RM}/operating-systems`]: { expect: signedIn(200) },
  [`GET ${RM}/instance-types`]: { expect: signedIn(200) },
  [`GET ${RM}/storage-prices`]: { expect: signedIn(200) },
  [`GET ${RM}/teams/{teamId}/computes`]: { expect: team(200, 200, 200) },
  [`GET ${RM}/teams/{teamId}/ssh-keys`]: { expect: team(200, 200, 200) },
  [`POST ${RM}/teams/{teamId}/computes`]: {
    expect: team(201, 201, 201),
    request: () => ({ body: computeRequest(), headers: { 'Idempotency-Key': randomUUID() } }),
  },
  [`GET ${RM}/teams/{teamId}/computes/{computeId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { computeId: (await teamCompute(fixture)).id } }),
  },
  [`GET ${RM}/teams/{teamId}/computes/{computeId}/user-data`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { computeId: (await teamCompute(fixture)).id } }),
  },
  [`DELETE ${RM}/teams/{teamId}/computes/{computeId}`]: {
    expect: team(202, 202, 202),
    request: async (fixture) => {
      const compute = await teamCompute(fixture);
      return { params: { computeId: compute.id }, body: { confirmHostname: compute.hostname } };
    },
  },
  [`POST ${RM}/teams/{teamId}/computes/{computeId}/actions`]: {
    expect: team(202, 202, 202),
    request: async (fixture) => ({
      params: { computeId: (await teamCompute(fixture, 'running')).id },
      body: { type: 'reboot' },
    }),
  },
  [`POST ${RM}/teams/{teamId}/computes/{computeId}/rebuild`]: {
    expect: team(202, 202, 202),
    request: async (fixture) => {
      const compute = await teamCompute(fixture, 'running');
      return {
        params: { computeId: compute.id },
        body: {
          operatingSystemId: 'debian-12',
          authentication: { method: 'password' },
          confirmHostname: compute.hostname,
        },
      };
    },
  },
  [`POST ${RM}/teams/{teamId}/computes/{computeId}/resize`]: {
    expect: team(202, 202, 202),
    request: async (fixture) => ({
      params: { computeId: (await teamCompute(fixture, 'stopped')).id },
      body: { instanceTypeId: 's-1vcpu-2gb' },
    }),
  },
  [`POST ${RM}/teams/{teamId}/computes/{computeId}/rescue`]: {
    expect: team(202, 202, 202),
    request: async (fixture) => ({ params: { computeId: (await teamCompute(fixture, 'running')).id } }),
  },
  [`DELETE ${RM}/teams/{teamId}/computes/{computeId}/rescue`]: {
    expect: team(202, 202, 202),
    request: async (fixture) => ({ params: { computeId: (await teamCompute(fixture, 'rescue')).id } }),
  },
  [`GET ${RM}/teams/{teamId}/computes/{computeId}/backups`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { computeId: (await teamCompute(fixture, 'running')).id } }),
  },
  [`PUT ${RM}/teams/{teamId}/computes/{computeId}/backups/settings`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({
      params: { computeId: (await teamCompute(fixture, 'running')).id },
      body: { enabled: false },
    }),
  },
  [`POST ${RM}/teams/{teamId}/computes/{computeId}/backups`]: {
    expect: team(202, 202, 202),
    request: async (fixture) => ({ params: { computeId: (await teamCompute(fixture, 'running')).id } }),
  },
  [`POST ${RM}/teams/{teamId}/computes/{computeId}/backups/{backupId}/restore`]: {
    // No such backup of the compute: whoever may gets past the guards to the 404 that says so.
    expect: team(404, 404, 404),
    request: async (fixture) => ({
      params: { computeId: (await teamCompute(fixture, 'stopped')).id, backupId: randomUUID() },
      body: { target: 'this' },
    }),
  },
  [`PUT ${RM}/teams/{teamId}/computes/{computeId}/tags`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({
      params: { computeId: (await teamCompute(fixture)).id },
      body: { tags: ['web'] },
    }),
  },
  [`PUT ${RM}/teams/{teamId}/computes/{computeId}/reverse-dns`]: {
    // This test's app serves no reverse zones: whoever may gets past the guards to the 409 that says so.
    expect: team(409, 409, 409),
    request: async (fixture) => ({
      params: { computeId: (await teamCompute(fixture)).id },
      body: { ipv4: null },
    }),
  },
  [`GET ${RM}/teams/{teamId}/computes/{computeId}/history`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { computeId: (await teamCompute(fixture)).id } }),
  },
  [`GET ${RM}/teams/{teamId}/computes/{computeId}/metrics`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({
      params: { computeId: (await teamCompute(fixture)).id },
      query: '?range=24h',
    }),
  },

  // ── Firewalls: every member of the team ──
  [`GET ${RM}/teams/{teamId}/firewalls`]: { expect: team(200, 200, 200) },
  [`POST ${RM}/teams/{teamId}/firewalls`]: {
    expect: team(201, 201, 201),
    request: () => ({ body: { name: `matrix-${Math.random().toString(36).slice(2, 8)}`, rules: [] } }),
  },
  [`GET ${RM}/teams/{teamId}/firewalls/{firewallId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { firewallId: (await teamFirewall(fixture)).id } }),
  },
  [`PUT ${RM}/teams/{teamId}/firewalls/{firewallId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => {
      const firewall = await teamFirewall(fixture);
      return { params: { firewallId: firewall.id }, body: { name: firewall.name, rules: [] } };
    },
  },
  [`DELETE ${RM}/teams/{teamId}/firewalls/{firewallId}`]: {
    expect: team(204, 204, 204),
    request: async (fixture) => ({ params: { firewallId: (await teamFirewall(fixture)).id } }),
  },
  // ── Private networks: every member of the team ──
  [`GET ${RM}/teams/{teamId}/networks`]: { expect: team(200, 200, 200) },
  [`POST ${RM}/teams/{teamId}/networks`]: {
    expect: team(201, 201, 201),
    request: () => ({ body: networkBody() }),
  },
  [`GET ${RM}/teams/{teamId}/networks/{networkId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { networkId: (await teamNetwork(fixture)).id } }),
  },
  [`DELETE ${RM}/teams/{teamId}/networks/{networkId}`]: {
    expect: team(204, 204, 204),
    request: async (fixture) => ({ params: { networkId: (await teamNetwork(fixture)).id } }),
  },
  [`POST ${RM}/teams/{teamId}/networks/{networkId}/members`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({
      params: { networkId: (await teamNetwork(fixture)).id },
      // A compute joins at rest (running or stopped).
      body: { computeId: (await teamCompute(fixture, 'running')).id },
    }),
  },
  [`DELETE ${RM}/teams/{teamId}/networks/{networkId}/members/{computeId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => {
      const networkId = (await teamNetwork(fixture)).id;
      const computeId = (await teamCompute(fixture, 'running')).id;
      await send(t, 'POST', `${RM}/teams/${fixture.teamId}/networks/${networkId}/members`, {
        token: people.owner.token,
        body: { computeId },
      });
      return { params: { networkId, computeId } };
    },
  },
  // ── Team images: every member of the team (a failed image row stands in for one: no disk to copy) ──
  [`GET ${RM}/teams/{teamId}/images`]: { expect: team(200, 200, 200) },
  [`POST ${RM}/teams/{teamId}/images`]: {
    // A compute id the team does not have: whoever may gets past the guards to the 422 that says so.
    expect: team(422, 422, 422),
    request: () => ({ body: { computeId: randomUUID(), name: 'golden' } }),
  },
  [`GET ${RM}/teams/{teamId}/images/{imageId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { imageId: await teamImage(fixture) } }),
  },
  [`PATCH ${RM}/teams/{teamId}/images/{imageId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({
      params: { imageId: await teamImage(fixture) },
      body: { name: 'renamed' },
    }),
  },
  [`DELETE ${RM}/teams/{teamId}/images/{imageId}`]: {
    expect: team(204, 204, 204),
    request: async (fixture) => ({ params: { imageId: await teamImage(fixture) } }),
  },
  [`PUT ${RM}/teams/{teamId}/images/{imageId}/file`]: {
    // No body, so no Content-Length: past the guards, 411.
    expect: team(411, 411, 411),
    request: () => ({ params: { imageId: randomUUID() }, query: '?name=up&operatingSystemId=debian-12' }),
  },
  [`GET ${RM}/teams/{teamId}/images/{imageId}/file`]: {
    // A failed image has no file: past the guards, 409.
    expect: team(409, 409, 409),
    request: async (fixture) => ({ params: { imageId: await teamImage(fixture) } }),
  },
  [`POST ${RM}/teams/{teamId}/images/{imageId}/download-link`]: {
    // A failed image has no file to link to: past the guards, 409.
    expect: team(409, 409, 409),
    request: async (fixture) => ({ params: { imageId: await teamImage(fixture) } }),
  },
  // A download link is its own credential (no session); one that was never made names nothing: 404.
  [`GET ${RM}/image-downloads/{token}`]: {
    expect: everyone(404),
    request: () => ({ params: { token: 'bm90LWEtbGluaw.c2lnbmVk' } }),
  },

  // ── Volumes: every member of the team ──
  [`GET ${RM}/teams/{teamId}/volumes`]: { expect: team(200, 200, 200) },
  [`POST ${RM}/teams/{teamId}/volumes`]: {
    expect: team(201, 201, 201),
    request: () => ({ body: { name: 'matrix', sizeGb: 10, locationId: 'kgl1' } }),
  },
  [`GET ${RM}/teams/{teamId}/volumes/{volumeId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { volumeId: await teamVolume(fixture) } }),
  },
  [`POST ${RM}/teams/{teamId}/volumes/{volumeId}/attach`]: {
    // A compute still provisioning: whoever may gets past the guards to the 409 that says so.
    expect: team(409, 409, 409),
    request: async (fixture) => ({
      params: { volumeId: await teamVolume(fixture) },
      body: { computeId: (await teamCompute(fixture)).id },
    }),
  },
  [`POST ${RM}/teams/{teamId}/volumes/{volumeId}/detach`]: {
    // Attached to nothing: past the guards, 409.
    expect: team(409, 409, 409),
    request: async (fixture) => ({ params: { volumeId: await teamVolume(fixture) } }),
  },
  [`POST ${RM}/teams/{teamId}/volumes/{volumeId}/resize`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { volumeId: await teamVolume(fixture) }, body: { sizeGb: 20 } }),
  },
  [`DELETE ${RM}/teams/{teamId}/volumes/{volumeId}`]: {
    expect: team(204, 204, 204),
    request: async (fixture) => ({ params: { volumeId: await teamVolume(fixture) } }),
  },

  // ── Domains and DNS records: every member of the team ──
  [`GET ${RM}/teams/{teamId}/domains`]: { expect: team(200, 200, 200) },
  [`POST ${RM}/teams/{teamId}/domains`]: {
    expect: team(201, 201, 201),
    request: () => ({ body: { name: uniqueZone('matrix') } }),
  },
  [`GET ${RM}/teams/{teamId}/domains/{domainId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { domainId: (await teamDomain(fixture)).id } }),
  },
  [`DELETE ${RM}/teams/{teamId}/domains/{domainId}`]: {
    expect: team(204, 204, 204),
    request: async (fixture) => {
      const domain = await teamDomain(fixture);
      return { params: { domainId: domain.id }, body: { confirmName: domain.name } };
    },
  },
  [`POST ${RM}/teams/{teamId}/domains/{domainId}/delegation-check`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { domainId: (await teamDomain(fixture)).id } }),
  },
  [`POST ${RM}/teams/{teamId}/domains/{domainId}/dnssec`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { domainId: (await teamDomain(fixture)).id } }),
  },
  [`DELETE ${RM}/teams/{teamId}/domains/{domainId}/dnssec`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({
      params: { domainId: (await signedDomain(fixture)).id },
      body: { dsRemoved: true },
    }),
  },
  [`POST ${RM}/teams/{teamId}/domains/{domainId}/dnssec/rollover`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { domainId: (await signedDomain(fixture)).id } }),
  },
  [`POST ${RM}/teams/{teamId}/domains/{domainId}/dnssec/rollover/complete`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { domainId: (await signedDomain(fixture, true)).id } }),
  },
  [`GET ${RM}/teams/{teamId}/domains/{domainId}/records`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { domainId: (await teamDomain(fixture)).id } }),
  },
  [`POST ${RM}/teams/{teamId}/domains/{domainId}/records`]: {
    expect: team(201, 201, 201),
    request: async (fixture) => ({
      params: { domainId: (await teamDomain(fixture)).id },
      body: { type: 'A', name: 'api', value: '192.0.2.10' },
    }),
  },
  [`PUT ${RM}/teams/{teamId}/domains/{domainId}/records/{recordId}`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => {
      const domain = await teamDomain(fixture);
      return {
        params: { domainId: domain.id, recordId: domain.recordId },
        body: { type: 'TXT', name: 'matrix', value: 'changed', version: 1 },
      };
    },
  },
  [`DELETE ${RM}/teams/{teamId}/domains/{domainId}/records/{recordId}`]: {
    expect: team(204, 204, 204),
    request: async (fixture) => {
      const domain = await teamDomain(fixture);
      return { params: { domainId: domain.id, recordId: domain.recordId } };
    },
  },
  [`GET ${RM}/teams/{teamId}/domains/{domainId}/zone-file`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({ params: { domainId: (await teamDomain(fixture)).id } }),
  },
  [`POST ${RM}/teams/{teamId}/domains/{domainId}/zone-file/preview`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({
      params: { domainId: (await teamDomain(fixture)).id },
      body: { text: 'api 300 IN A 192.0.2.10' },
    }),
  },
  [`POST ${RM}/teams/{teamId}/domains/{domainId}/zone-file/apply`]: {
    expect: team(200, 200, 200),
    request: async (fixture) => ({
      params: { domainId: (await teamDomain(fixture)).id },
      body: { text: 'api 300 IN A 192.0.2.10' },
    }),
  },

  // ── Billing: owners and admins read it, only the owner pays and changes it ──
  [`GET ${PAY}/teams/{teamId}/balance`]: { expect: team(403, 200, 200) },
  [`GET ${PAY}/teams/{teamId}/ledger`]: { expect: team(403, 200, 200) },
  [`GET ${PAY}/teams/{teamId}/ledger/csv`]: { expect: team(403, 200, 200) },
  [`GET ${PAY}/teams/{teamId}/payment-methods`]: { expect: team(403, 200, 200) },
  [`POST ${PAY}/teams/{teamId}/top-ups`]: {
    expect: team(403, 403, 201),
    request: () => ({ body: { amountMinor: 5_000 }, headers: { 'Idempotency-Key': randomUUID() } }),
  },
  [`GET ${PAY}/teams/{teamId}/top-ups`]: { expect: team(403, 200, 200) },
  [`GET ${PAY}/teams/{teamId}/top-ups/{topUpId}`]: {
    expect: team(403, 200, 200),
    request: async (fixture) => {
      const started = await startTopUp(t, people.owner.token, fixture.teamId, 5_000);
      return { params: { topUpId: started.body.topUp.id } };
    },
  },
  [`GET ${PAY}/teams/{teamId}/usage`]: { expect: team(403, 200, 200) },
  [`GET ${PAY}/teams/{teamId}/invoices`]: { expect: team(403, 200, 200) },
  // No invoice in a fresh team: past the role check, the id answers 404 (members stop at 403 before).
  [`GET ${PAY}/teams/{teamId}/invoices/{invoiceId}`]: {
    expect: team(403, 404, 404),
    request: () => ({ params: { invoiceId: NO_SUCH_ID } }),
  },
  [`GET ${PAY}/teams/{teamId}/invoices/{invoiceId}/pdf`]: {
    expect: team(403, 404, 404),
    request: () => ({ params: { invoiceId: NO_SUCH_ID } }),
  },
  [`GET ${PAY}/teams/{teamId}/invoices/{invoiceId}/csv`]: {
    expect: team(403, 404, 404),
    request: () => ({ params: { invoiceId: NO_SUCH_ID } }),
  },
  // The sandbox's simulated month end (served with the sandbox provider): a fresh team has nothing to invoice.
  [`POST ${PAY}/teams/{teamId}/sandbox/month-end`]: { expect: team(403, 403, 200) },
  [`GET ${PAY}/teams/{teamId}/billing-profile`]: { expect: team(403, 200, 200) },
  [`PUT ${PAY}/teams/{teamId}/billing-profile`]: {
    expect: team(403, 403, 200),
    request: () => ({ body: { companyName: 'Matrix Ltd', country: 'RW' } }),
  },
  // The provider's signature is the credential: without one, nobody gets in.
  [`POST ${PAY}/callbacks/{provider}`]: {
    expect: everyone(401),
    request: () => ({ params: { provider: 'sandbox' }, body: { id: 'evt_1', type: 'payment.succeeded' } }),
  },

  // ── Operator endpoints: the operator token, never a session ──
  [`GET ${OPS}/verification-requests`]: { expect: operatorOnly },
  [`GET ${OPS}/teams/{teamId}/verification`]: { expect: operatorOnly },
  [`POST ${OPS}/teams/{teamId}/verification/decision`]: {
    expect: operatorOnly,
    request: () => ({ body: { decision: 'approve' } }),
  },
  [`GET ${OPS}/teams/{teamId}/verification/documents/{documentId}`]: {
    expect: operatorOnly,
    request: () => ({ params: { documentId: NO_SUCH_ID } }),
  },
  [`GET ${OPS}/hosts`]: { expect: operatorOnly },
  [`POST ${OPS}/hosts/{host}/drain`]: {
    expect: operatorOnly,
    request: () => ({ params: { host: 'kgl1-a' } }),
  },
  [`DELETE ${OPS}/hosts/{host}/drain`]: {
    expect: operatorOnly,
    request: () => ({ params: { host: 'kgl1-a' } }),
  },
};

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, {
    uploadsDir,
    operatorToken: OPERATOR_TOKEN,
    config: {
      github: {
        clientId: 'matrix-client',
        clientSecret: 'matrix-secret',
        baseUrl: 'https://github.example.rw',
        apiUrl: 'https://api.github.example.rw',
      },
    },
  });
  people = {
    outsider: await person(t, 'Oscar Outsider'),
    member: await person(t, 'Mark Member'),
    admin: await person(t, 'Alice Admin'),
    owner: await person(t, 'Olive Owner'),
  };
  target = await person(t, 'Tom Target');
  host = await person(t, 'Hana Host');
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
  rmSync(uploadsDir, { recursive: true, force: true });
});

async function registeredRoutes(): Promise<string[]> {
  const answer = await send(t, 'GET', '/api/openapi.json');
  const paths = answer.body.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

async function call(route: string, row: Row, caller: Caller): Promise<Answer> {
  const teamId = await fundedTeamOf(t, people.owner, [
    [people.admin, 'ADMIN'],
    [people.member, 'MEMBER'],
    [target, 'MEMBER'],
  ]);
  const fixture: Fixture = { teamId, caller: caller === 'anonymous' ? undefined : people[caller], target };
  const parts = (await row.request?.(fixture)) ?? {};
  const [method, template] = route.split(' ') as [string, string];
  const params: Record<string, string> = { teamId, ...parts.params };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  return send(t, method, `${path}${parts.query ?? ''}`, {
    token: 'token' in parts ? parts.token : fixture.caller?.token,
    body: parts.body,
    form: parts.form,
    headers: parts.headers,
  });
}

describe('the permission matrix', () => {
  it('has a row for every registered route, and no row for a route that does not exist', async () => {
    const registered = await registeredRoutes();
    const missing = registered.filter((route) => !(route in MATRIX));
    const stale = Object.keys(MATRIX).filter((route) => !registered.includes(route));
    expect(missing, 'routes without a row in MATRIX: add one').toEqual([]);
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s', async (route, row) => {
    const seen: Partial<Outcomes> = {};
    for (const caller of CALLERS) {
      const answer = await call(route, row, caller);
      seen[caller] = answer.status;
      if ([401, 403, 404].includes(answer.status) && answer.status !== row.expect[caller]) {
        throw new Error(`${route} as ${caller}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      if (answer.status === 403 && row.expect[caller] === 403) {
        // Refusals by role say who may, in words; not a bare status.
        expect(answer.headers.get('Content-Type')).toBe('application/problem+json');
        expect(answer.body.type).toBe(problemTypes.teamRoleRequired);
        expect(answer.body.detail).toMatch(/^Only the team's owner( and admins)? can /);
      }
    }
    expect(seen).toEqual(row.expect);
  });

  it('answers 404 on a team’s own route for a document of another team', async () => {
    const theirs = await fundedTeamOf(t, people.outsider);
    const submitted = await submitVerification(t, theirs, people.outsider.token, verificationForm());
    const documentId = submitted.body.documents[0].id;
    const ours = await fundedTeamOf(t, people.owner);
    const answer = await send(t, 'GET', `/teams/${ours}/verification/documents/${documentId}`, {
      token: people.owner.token,
    });
    expect(answer.status).toBe(404);
  });

  it('answers 404 for another team’s top-up, on its own team’s path', async () => {
    const theirs = await fundedTeamOf(t, people.outsider);
    const started = await startTopUp(t, people.outsider.token, theirs, 5_000);
    const ours = await fundedTeamOf(t, people.owner);
    const answer = await send(t, 'GET', `${PAY}/teams/${ours}/top-ups/${started.body.topUp.id}`, {
      token: people.owner.token,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe('This team has no such top-up.');
  });

  it('answers 404 for another team’s compute, on its own team’s path or the other’s', async () => {
    const theirs = await fundedTeamOf(t, people.outsider);
    const created = await createCompute(t, people.outsider.token, theirs);
    const computeId = created.body.compute.id;
    const ours = await fundedTeamOf(t, people.owner);
    for (const path of ['', '/history', '/metrics']) {
      const answer = await send(t, 'GET', computesPath(ours, `/${computeId}${path}`), {
        token: people.owner.token,
      });
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('This team has no such compute. It may have been destroyed.');
    }
    const action = await send(t, 'POST', computesPath(ours, `/${computeId}/actions`), {
      token: people.owner.token,
      body: { type: 'power_off' },
    });
    expect(action.status).toBe(404);
    const destroy = await send(t, 'DELETE', computesPath(ours, `/${computeId}`), {
      token: people.owner.token,
      body: { confirmHostname: created.body.compute.hostname },
    });
    expect(destroy.status).toBe(404);
    expect(
      (await send(t, 'GET', computesPath(theirs, `/${computeId}`), { token: people.owner.token })).status,
    ).toBe(404);
    expect(
      (await send(t, 'GET', computesPath(ours, '/not-a-uuid'), { token: people.owner.token })).status,
    ).toBe(404);
  });
});

// Volumes through the API on the hypervisor simulator (200 times faster than life; its volumes are honest
// metadata): made in a location with a size, attached to a running compute of the same location, detached,
// grown and deleted, each change with the volume's history, the compute's history and the team's audit log
// written together and told over the socket; hostile input refused with the reason (another location,
// another team's compute or volume, a compute in error, a size out of bounds, a shrink, delete while
// attached, a second change while one is under way) and nothing half-made left behind.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenScopes } from '@/contract/api-tokens';
import { volumeAnswerSchema, volumeDetailSchema, volumeListSchema } from '@/contract/volumes';
import { teams, volumes } from '../../../server/db/schema';
import { DEFAULT_SIMULATOR_CONFIG } from '../../../server/drivers/compute/simulator/simulator-config';
import { fundedTeamOf } from '../support/billing';
import {
  computeRequest,
  createCompute,
  history,
  RM,
  uniqueHostname,
  waitForStatus,
} from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp, TEST_SIMULATOR_SPEED } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let stranger: Person;
let teamId: string;
let otherTeamId: string;
let kigali: string;
let kigaliToo: string;
let nairobi: string;
let strangersCompute: string;

const path = (team: string, rest = '') => `${RM}/teams/${team}/volumes${rest}`;

async function runningCompute(token: string, team: string, overrides = {}) {
  const created = await createCompute(t, token, team, computeRequest(overrides));
  expectStatus(created, 201);
  const id = created.body.compute.id as string;
  await waitForStatus(t, token, team, id, 'running');
  return id;
}

async function makeVolume(body: Record<string, unknown> = {}) {
  const made = await send(t, 'POST', path(teamId), {
    token: owner.token,
    body: { name: 'data', sizeGb: 10, locationId: 'kgl1', ...body },
  });
  expectStatus(made, 201);
  return v.parse(volumeAnswerSchema, made.body).volume;
}

const list = async () =>
  v.parse(volumeListSchema, (await send(t, 'GET', path(teamId), { token: owner.token })).body);

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, {
    compute: { simulator: { ...DEFAULT_SIMULATOR_CONFIG, speed: TEST_SIMULATOR_SPEED } },
  });
  owner = await person(t, 'Vera Volumes');
  stranger = await person(t, 'Sam Stranger');
  teamId = await fundedTeamOf(t, owner, [], 'Volume team');
  otherTeamId = await fundedTeamOf(t, stranger, [], 'Other team');
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
  [kigali, kigaliToo, nairobi, strangersCompute] = await Promise.all([
    runningCompute(owner.token, teamId),
    runningCompute(owner.token, teamId),
    runningCompute(owner.token, teamId, { locationId: 'nbo1' }),
    runningCompute(stranger.token, otherTeamId),
  ]);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

describe('volumes', () => {
  it('are made with a size in a location, with their history and an audit entry', async () => {
    const volume = await makeVolume({ name: '  pg-data ', sizeGb: 20 });
    expect(volume).toMatchObject({
      name: 'pg-data',
      sizeGb: 20,
      locationId: 'kgl1',
      status: 'available',
      attachedTo: null,
      operation: null,
    });
    const read = await send(t, 'GET', path(teamId, `/${volume.id}`), { token: owner.token });
    expectStatus(read, 200);
    const detail = v.parse(volumeDetailSchema, read.body);
    expect(detail.history.map((event) => [event.action, event.message, event.actor?.name])).toEqual([
      ['created', 'Made with 20 GB in Kigali 1.', 'Vera Volumes'],
    ]);
    const audit = (await auditRows(t, teamId)).filter((row) => row.action === 'volume.created');
    expect(audit.map((row) => row.target)).toContain('pg-data');
  });

  it('refuse a bad size or location with the reason beside the field, and make nothing', async () => {
    const before = (await list()).volumes.length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ sizeGb: 0 }, 'sizeGb', /at least 1 GB/],
      [{ sizeGb: 20_000 }, 'sizeGb', /at most 16,384 GB/],
      [{ sizeGb: 2.5 }, 'sizeGb', /whole GB/],
      [{ locationId: 'mars1' }, 'locationId', /locations listed/],
      [{ locationId: 'los1' }, 'locationId', /Lagos 1 is not open yet/],
      [{ name: '' }, 'name', /Give the volume a name/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await send(t, 'POST', path(teamId), {
        token: owner.token,
        body: { name: 'x', sizeGb: 10, locationId: 'kgl1', ...body },
      });
      expectStatus(answer, 422);
      const error = answer.body.errors.find((entry: { field: string }) => entry.field === field);
      expect(error?.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await list()).volumes).toHaveLength(before);
  });

  it('attach to a running compute of their location and detach, in both histories and the audit log', async () => {
    const volume = await makeVolume({ name: 'logs' });
    const attached = await send(t, 'POST', path(teamId, `/${volume.id}/attach`), {
      token: owner.token,
      body: { computeId: kigali },
    });
    expectStatus(attached, 200);
    const hostname = (
      await send(t, 'GET', `${RM}/teams/${teamId}/computes/${kigali}`, { token: owner.token })
    ).body.hostname;
    expect(attached.body.volume).toMatchObject({ status: 'attached', attachedTo: { id: kigali, hostname } });
    // The compute's page lists what is attached to it.
    const ofCompute = await send(t, 'GET', `${path(teamId)}?computeId=${kigali}`, { token: owner.token });
    expect(ofCompute.body.volumes.map((entry: { id: string }) => entry.id)).toEqual([volume.id]);

    // Attached once: attaching again, elsewhere, or deleting it is refused with the reason.
    const again = await send(t, 'POST', path(teamId, `/${volume.id}/attach`), {
      token: owner.token,
      body: { computeId: kigaliToo },
    });
    expectStatus(again, 409);
    expect(again.body.detail).toBe(`The volume is attached to ${hostname}; detach it first.`);
    const deleted = await send(t, 'DELETE', path(teamId, `/${volume.id}`), { token: owner.token });
    expectStatus(deleted, 409);
    expect(deleted.body.detail).toMatch(/attached to .*; detach it first/);
    // Rescue (like rebuild and resize) defines the guest again from its own disk: refused while attached.
    const rescue = await send(t, 'POST', `${RM}/teams/${teamId}/computes/${kigali}/rescue`, {
      token: owner.token,
    });
    expectStatus(rescue, 409);
    expect(rescue.body.detail).toBe(
      'The volume logs is attached to the compute: detach it before entering rescue mode.',
    );

    const detached = await send(t, 'POST', path(teamId, `/${volume.id}/detach`), { token: owner.token });
    expectStatus(detached, 200);
    expect(detached.body.volume).toMatchObject({ status: 'available', attachedTo: null });
    const notAttached = await send(t, 'POST', path(teamId, `/${volume.id}/detach`), { token: owner.token });
    expectStatus(notAttached, 409);
    expect(notAttached.body.detail).toBe('The volume is not attached to any compute.');

    const detail = v.parse(
      volumeDetailSchema,
      (await send(t, 'GET', path(teamId, `/${volume.id}`), { token: owner.token })).body,
    );
    expect(detail.history.map((event) => event.message)).toEqual([
      'Made with 10 GB in Kigali 1.',
      `Attached to ${hostname}.`,
      `Detached from ${hostname}.`,
    ]);
    const computeHistory = (await history(t, owner.token, teamId, kigali)).body.events.map(
      (event: { message: string }) => event.message,
    );
    expect(computeHistory).toEqual(
      expect.arrayContaining(['The volume “logs” (10 GB) was attached.', 'The volume “logs” was detached.']),
    );
    const actions = (await auditRows(t, teamId)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['volume.attached', 'volume.detached']));
  });

  it('refuse a compute of another location, of another team, or in error, and stay as they were', async () => {
    const volume = await makeVolume({ name: 'refused' });
    const attach = (computeId: string, token = owner.token, team = teamId, id = volume.id) =>
      send(t, 'POST', path(team, `/${id}/attach`), { token, body: { computeId } });

    const elsewhere = await attach(nairobi);
    expectStatus(elsewhere, 409);
    expect(elsewhere.body.errors).toEqual([
      {
        field: 'computeId',
        message: expect.stringMatching(
          /is in Nairobi 1 and the volume in Kigali 1: a volume is attached to a compute of its own location\./,
        ),
      },
    ]);
    const foreignCompute = await attach(strangersCompute);
    expectStatus(foreignCompute, 404);
    expect(foreignCompute.body.errors[0].field).toBe('computeId');

    const broken = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ hostname: uniqueHostname('fail-provision') }),
    );
    const brokenId = broken.body.compute.id as string;
    await waitForStatus(t, owner.token, teamId, brokenId, 'error');
    const inError = await attach(brokenId);
    expectStatus(inError, 409);
    expect(inError.body.errors[0].message).toMatch(
      /is error: volumes are attached to and detached from a running or stopped compute/,
    );

    // The hypervisor refusing the disk: the reason, and the volume still available, its history unchanged.
    const picky = await runningCompute(owner.token, teamId, { hostname: uniqueHostname('vol-fail-attach') });
    const refused = await attach(picky);
    expectStatus(refused, 409);
    expect(refused.body.detail).toBe(
      'The volume could not be attached: the guest did not accept the disk (simulated failure).',
    );

    // Another team's volume is not found, whatever is asked of it.
    for (const answer of [
      await send(t, 'GET', path(otherTeamId, `/${volume.id}`), { token: stranger.token }),
      await attach(strangersCompute, stranger.token, otherTeamId),
      await send(t, 'DELETE', path(otherTeamId, `/${volume.id}`), { token: stranger.token }),
      await send(t, 'GET', path(teamId, `/${volume.id}`), { token: stranger.token }),
    ]) {
      expect(answer.status).toBe(404);
    }
    const after = v.parse(
      volumeDetailSchema,
      (await send(t, 'GET', path(teamId, `/${volume.id}`), { token: owner.token })).body,
    );
    expect(after.volume).toMatchObject({ status: 'available', attachedTo: null, operation: null });
    expect(after.history).toHaveLength(1);
  });

  it('grow, never shrink, and are deleted once detached', async () => {
    const volume = await makeVolume({ name: 'grow-me', sizeGb: 10 });
    expectStatus(
      await send(t, 'POST', path(teamId, `/${volume.id}/attach`), {
        token: owner.token,
        body: { computeId: kigaliToo },
      }),
      200,
    );
    const shrink = await send(t, 'POST', path(teamId, `/${volume.id}/resize`), {
      token: owner.token,
      body: { sizeGb: 5 },
    });
    expectStatus(shrink, 422);
    expect(shrink.body.errors).toEqual([
      { field: 'sizeGb', message: 'The volume holds 10 GB; a volume only grows, so give more than that.' },
    ]);
    const grown = await send(t, 'POST', path(teamId, `/${volume.id}/resize`), {
      token: owner.token,
      body: { sizeGb: 15 },
    });
    expectStatus(grown, 200);
    expect(grown.body.volume).toMatchObject({ sizeGb: 15, status: 'attached' });

    expectStatus(await send(t, 'POST', path(teamId, `/${volume.id}/detach`), { token: owner.token }), 200);
    expectStatus(await send(t, 'DELETE', path(teamId, `/${volume.id}`), { token: owner.token }), 204);
    expectStatus(await send(t, 'GET', path(teamId, `/${volume.id}`), { token: owner.token }), 404);
    const deletedAudit = (await auditRows(t, teamId)).filter((row) => row.action === 'volume.deleted');
    expect(deletedAudit.map((row) => row.target)).toContain('grow-me');
  });

  it('take one change at a time, and a destroyed compute holds none', async () => {
    const volume = await makeVolume({ name: 'busy' });
    await t.identity.db
      .update(volumes)
      .set({ operation: 'growing', operationSince: new Date() })
      .where(eq(volumes.id, volume.id));
    const busy = await send(t, 'POST', path(teamId, `/${volume.id}/attach`), {
      token: owner.token,
      body: { computeId: kigali },
    });
    expectStatus(busy, 409);
    expect(busy.body.detail).toBe('The volume is being grown; try again once that is done.');
    await t.identity.db
      .update(volumes)
      .set({ operation: null, operationSince: null })
      .where(eq(volumes.id, volume.id));

    const doomedHostname = uniqueHostname('doomed');
    const doomed = await runningCompute(owner.token, teamId, { hostname: doomedHostname });
    expectStatus(
      await send(t, 'POST', path(teamId, `/${volume.id}/attach`), {
        token: owner.token,
        body: { computeId: doomed },
      }),
      200,
    );
    expectStatus(
      await send(t, 'DELETE', `${RM}/teams/${teamId}/computes/${doomed}`, {
        token: owner.token,
        body: { confirmHostname: doomedHostname },
      }),
      202,
    );
    await waitForStatus(t, owner.token, teamId, doomed, 'gone');
    const after = await send(t, 'GET', path(teamId, `/${volume.id}`), { token: owner.token });
    expect(after.body.volume).toMatchObject({ status: 'available', attachedTo: null });
    expectStatus(await send(t, 'DELETE', path(teamId, `/${volume.id}`), { token: owner.token }), 204);
  });

  it('need the computes scope on API tokens: read to list, read_write to change', async () => {
    const none: TokenScopes = { computes: 'none', domains: 'none', billing: 'none', team: 'none' };
    const token = async (scopes: Partial<TokenScopes>) => {
      const made = await send(t, 'POST', '/users/me/api-tokens', {
        token: owner.token,
        body: {
          name: 'ci',
          teamIds: [teamId],
          scopes: { ...none, ...scopes },
          expiresOn: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
        },
      });
      expectStatus(made, 201);
      return made.body.secret as string;
    };
    const reader = await token({ computes: 'read' });
    expectStatus(await send(t, 'GET', path(teamId), { token: reader }), 200);
    const body = { name: 'by-token', sizeGb: 1, locationId: 'kgl1' };
    expectStatus(await send(t, 'POST', path(teamId), { token: reader, body }), 403);
    const writer = await token({ computes: 'read_write' });
    expectStatus(await send(t, 'POST', path(teamId), { token: writer, body }), 201);
  });
});

// Rebuilding a compute on the hypervisor simulator, through the API: reinstalled from another image with new
// keys or a new password (shown once), keeping its id, hostname, addresses and plan; refused what its status
// or the request does not allow, with the reason; a failed rebuild leaves it in error with the reason, and a
// rebuild again recovers it. Rescue mode shares this file's database and timings: entered with a one-time
// password (shown once, only its hash kept, the simulated console's login takes it), the power actions
// refused while in it, left to boot normally; history, audit, refusals, another team's compute, a failure.
// The simulator runs 200 times faster than life.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSchema, createdComputeSchema, rescuedComputeSchema } from '@/contract/computes';
import { computes, simulatorMachines, teams } from '../../../server/db/schema';
import { verifyRootPassword } from '../../../server/drivers/compute/root-password';
import type { HypervisorSimulator } from '../../../server/drivers/compute/simulator/simulator';
import {
  DEFAULT_SIMULATOR_CONFIG,
  DEFAULT_TIMINGS_MS,
} from '../../../server/drivers/compute/simulator/simulator-config';
import { fundedTeamOf } from '../support/billing';
import {
  action,
  computeRequest,
  computesPath,
  createCompute,
  history,
  sshPublicKey,
  waitForStatus,
} from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp, TEST_SIMULATOR_SPEED } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let teamId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  // Reboots, rebuilds and destroys last 1 s here, long enough for the requests made meanwhile to find them under way.
  t = buildIdentityTestApp(database.handle, {
    compute: {
      simulator: {
        ...DEFAULT_SIMULATOR_CONFIG,
        speed: TEST_SIMULATOR_SPEED,
        timingsMs: {
          ...DEFAULT_TIMINGS_MS,
          reboot: 200_000,
          rebuild: 200_000,
          destroy: 200_000,
          // 0.5 s: a request made while the rescue system boots finds it booting.
          rescue: 100_000,
        },
      },
    },
  });
  owner = await person(t, 'Rita Rebuilder');
  teamId = await fundedTeamOf(t, owner, [], 'Rebuild team');
  // Verified: this file makes more computes than an unverified team may run.
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

async function runningCompute(overrides = {}) {
  const created = await createCompute(t, owner.token, teamId, computeRequest(overrides));
  expectStatus(created, 201);
  const compute = v.parse(computeSchema, created.body.compute);
  return v.parse(computeSchema, (await waitForStatus(t, owner.token, teamId, compute.id, 'running')).body);
}

function rebuild(computeId: string, body: unknown, token = owner.token, team = teamId) {
  return send(t, 'POST', computesPath(team, `/${computeId}/rebuild`), { token, body });
}

async function machineSpec(computeId: string) {
  const [machine] = await t.identity.db
    .select()
    .from(simulatorMachines)
    .where(eq(simulatorMachines.id, computeId));
  return machine!.spec as {
    image: { id: string };
    sshPublicKey: string | null;
    rootPasswordHash: string | null;
  };
}

describe('rebuilding a compute', () => {
  it('reinstalls it from another image with a new key, keeping its id, hostname, addresses and plan', async () => {
    const before = await runningCompute();
    const computeCount = (await t.identity.db.select().from(computes)).length;
    const key = sshPublicKey('rita@new-laptop');
    const answer = await rebuild(before.id, {
      operatingSystemId: 'debian-12',
      authentication: { method: 'ssh-key', publicKey: key },
      confirmHostname: before.hostname.toUpperCase(),
    });
    expectStatus(answer, 202);
    const { compute, rootPassword } = v.parse(createdComputeSchema, answer.body);
    expect(rootPassword).toBeNull();
    expect(compute).toMatchObject({
      id: before.id,
      status: 'rebuilding',
      hostname: before.hostname,
      operatingSystem: { id: 'debian-12' },
    });

    const after = v.parse(
      computeSchema,
      (await waitForStatus(t, owner.token, teamId, before.id, 'running')).body,
    );
    expect(after).toMatchObject({
      id: before.id,
      hostname: before.hostname,
      ipv4: before.ipv4,
      ipv6: before.ipv6,
      instanceType: before.instanceType,
      createdAt: before.createdAt,
      createdBy: before.createdBy,
      operatingSystem: { id: 'debian-12', name: 'Debian' },
      authentication: 'ssh-key',
    });
    expect(after.sshKeyFingerprint).toMatch(/^SHA256:/);
    expect(after.sshKeyFingerprint).not.toBe(before.sshKeyFingerprint);
    // No compute was made for it: billing carries on with the same compute and plan.
    expect((await t.identity.db.select().from(computes)).length).toBe(computeCount);
    // The machine itself has the new image and only the new key.
    const spec = await machineSpec(before.id);
    expect(spec.image.id).toBe('debian-12');
    expect(spec.sshPublicKey).toBe(key);

    const events = (await history(t, owner.token, teamId, before.id)).body.events;
    expect(
      events.map((event: { action: string; result: string }) => `${event.action}:${event.result}`),
    ).toEqual(['rebuild:succeeded', 'create:succeeded']);
    expect(events[0]).toMatchObject({
      actor: { id: owner.id, name: 'Rita Rebuilder' },
      message: 'Reinstalled from Debian 12 (bookworm) (was Ubuntu 24.04 LTS), with SSH keys.',
    });
    const audit = (await auditRows(t, teamId)).filter((row) => row.action === 'compute.rebuilt');
    expect(audit).toEqual([
      expect.objectContaining({
        target: before.hostname,
        details: expect.objectContaining({
          computeId: before.id,
          from: 'running',
          imageFrom: 'ubuntu-24-04',
          image: 'debian-12',
          authentication: 'ssh-key',
        }),
      }),
    ]);
  });

  it('gives a stopped compute a new root password, shown once, of which only the hash is kept', async () => {
    const before = await runningCompute();
    await action(t, owner.token, teamId, before.id, 'power_off');
    await waitForStatus(t, owner.token, teamId, before.id, 'stopped');
    const answer = await rebuild(before.id, {
      operatingSystemId: 'ubuntu-24-04',
      authentication: { method: 'password' },
      confirmHostname: before.hostname,
    });
    expectStatus(answer, 202);
    const rootPassword = answer.body.rootPassword as string;
    expect(rootPassword).toMatch(/^([A-HJ-NP-Za-km-z2-9]{5}-){3}[A-HJ-NP-Za-km-z2-9]{5}$/);
    const after = (await waitForStatus(t, owner.token, teamId, before.id, 'running')).body;
    expect(after).toMatchObject({ authentication: 'password', sshKeyFingerprint: null, ipv4: before.ipv4 });
    const spec = await machineSpec(before.id);
    expect(JSON.stringify(spec)).not.toContain(rootPassword);
    expect(spec.sshPublicKey).toBeNull();
    expect(await verifyRootPassword(rootPassword, spec.rootPasswordHash!)).toBe(true);
    const [latest] = (await history(t, owner.token, teamId, before.id)).body.events;
    expect(latest.message).toBe('Reinstalled from Ubuntu 24.04 LTS, with a new root password.');
  });

  it('refuses a compute mid-transition or being destroyed, with the reason, and changes nothing', async () => {
    const compute = await runningCompute();
    const body = {
      operatingSystemId: 'debian-12',
      authentication: { method: 'password' },
      confirmHostname: compute.hostname,
    };
    await action(t, owner.token, teamId, compute.id, 'reboot');
    const whileRebooting = await rebuild(compute.id, body);
    expectStatus(whileRebooting, 409);
    expect(whileRebooting.body.detail).toBe(
      'The compute is rebooting; wait until it is running or stopped to rebuild it.',
    );
    await waitForStatus(t, owner.token, teamId, compute.id, 'running');

    expectStatus(await rebuild(compute.id, body), 202);
    const again = await rebuild(compute.id, body);
    expectStatus(again, 409);
    expect(again.body.detail).toBe('The compute is already being rebuilt.');
    const power = await action(t, owner.token, teamId, compute.id, 'reboot');
    expectStatus(power, 409);
    expect(power.body.detail).toBe('The compute is being rebuilt; wait until it is running to reboot it.');
    await waitForStatus(t, owner.token, teamId, compute.id, 'running');

    const destroy = await send(t, 'DELETE', computesPath(teamId, `/${compute.id}`), {
      token: owner.token,
      body: { confirmHostname: compute.hostname },
    });
    expectStatus(destroy, 202);
    const whileDestroying = await rebuild(compute.id, body);
    expectStatus(whileDestroying, 409);
    expect(whileDestroying.body.detail).toBe('The compute is being destroyed; it cannot be rebuilt.');
    await waitForStatus(t, owner.token, teamId, compute.id, 'gone');
    expectStatus(await rebuild(compute.id, body), 404);
  });

  it('says beside each field what is wrong: the hostname typed, the image, the key, user-data', async () => {
    const compute = await runningCompute();
    const wrongHostname = await rebuild(compute.id, {
      operatingSystemId: 'debian-12',
      authentication: { method: 'password' },
      confirmHostname: 'something-else',
    });
    expectStatus(wrongHostname, 422);
    expect(wrongHostname.body.errors).toEqual([
      { field: 'confirmHostname', message: `Type the compute’s hostname, ${compute.hostname}, to confirm.` },
    ]);
    const wrongFields = await rebuild(compute.id, {
      operatingSystemId: 'windows-95',
      authentication: { method: 'ssh-key', keyIds: [crypto.randomUUID()] },
      confirmHostname: compute.hostname,
    });
    expectStatus(wrongFields, 422);
    expect(wrongFields.body.errors).toEqual([
      { field: 'operatingSystemId', message: 'Choose one of the images listed.' },
      {
        field: 'authentication.keyIds',
        message: 'A chosen key is neither yours nor shared with this team any more. Choose again.',
      },
    ]);
    // User-data is checked as at create: a YAML mistake is named with its line.
    const badUserData = await rebuild(compute.id, {
      operatingSystemId: 'debian-12',
      authentication: { method: 'password' },
      confirmHostname: compute.hostname,
      userData: '#cloud-config\nruncmd:\n  - a\n - b\n',
    });
    expectStatus(badUserData, 422);
    expect(badUserData.body.errors).toEqual([
      { field: 'userData', message: expect.stringMatching(/^Line \d: /) },
    ]);
    const privateKey = await rebuild(compute.id, {
      operatingSystemId: 'debian-12',
      authentication: { method: 'ssh-key', publicKey: '-----BEGIN OPENSSH PRIVATE KEY-----' },
      confirmHostname: compute.hostname,
    });
    expectStatus(privateKey, 422);
    expect(privateKey.body.errors[0]).toMatchObject({ field: 'authentication.publicKey' });
    expect(privateKey.body.errors[0].message).toMatch(/the \.pub file, not the private key/);
    const noKey = await rebuild(compute.id, {
      operatingSystemId: 'debian-12',
      authentication: { method: 'ssh-key' },
      confirmHostname: compute.hostname,
    });
    expectStatus(noKey, 422);
    expect(noKey.body.errors).toEqual([
      { field: 'authentication.publicKey', message: 'Paste an SSH public key, or choose a saved one.' },
    ]);
    // Nothing was started: the compute runs as it was, with no rebuild in its history.
    const after = (await send(t, 'GET', computesPath(teamId, `/${compute.id}`), { token: owner.token })).body;
    expect(after).toMatchObject({ status: 'running', operatingSystem: { id: 'ubuntu-24-04' } });
    const events = (await history(t, owner.token, teamId, compute.id)).body.events;
    expect(events.map((event: { action: string }) => event.action)).toEqual(['create']);
  });

  it('keeps the compute’s user-data when none is sent, replaces it with what is sent, and removes it on null', async () => {
    const compute = await runningCompute({ userData: '#cloud-config\nruncmd:\n  - echo first\n' });
    const userDataOf = async () =>
      (await send(t, 'GET', computesPath(teamId, `/${compute.id}/user-data`), { token: owner.token })).body
        .userData;
    const rebuildWith = async (extra: object) => {
      expectStatus(
        await rebuild(compute.id, {
          operatingSystemId: 'debian-12',
          authentication: { method: 'password' },
          confirmHostname: compute.hostname,
          ...extra,
        }),
        202,
      );
      await waitForStatus(t, owner.token, teamId, compute.id, 'running');
    };
    await rebuildWith({});
    expect(await userDataOf()).toBe('#cloud-config\nruncmd:\n  - echo first\n');
    await rebuildWith({ userData: '#!/bin/sh\necho second\n' });
    expect(await userDataOf()).toBe('#!/bin/sh\necho second\n');
    const [machine] = await t.identity.db
      .select()
      .from(simulatorMachines)
      .where(eq(simulatorMachines.id, compute.id));
    expect((machine!.spec as { userData: string | null }).userData).toBe('#!/bin/sh\necho second\n');
    await rebuildWith({ userData: null });
    expect(await userDataOf()).toBeNull();
    const audit = (await auditRows(t, teamId))
      .filter((row) => row.action === 'compute.rebuilt')
      .map((row) => row.details as { computeId: string; userData?: string })
      .filter((details) => details.computeId === compute.id);
    expect(audit.map((details) => details.userData)).toEqual([undefined, 'replaced', 'removed']);
  });

  it('answers 404 for another team’s compute, before saying anything about the request', async () => {
    const compute = await runningCompute();
    const stranger = await person(t, 'Sam Stranger');
    const theirTeam = await fundedTeamOf(t, stranger, [], 'Other team');
    const body = {
      operatingSystemId: 'debian-12',
      authentication: { method: 'password' },
      confirmHostname: compute.hostname,
    };
    const throughTheirTeam = await rebuild(compute.id, body, stranger.token, theirTeam);
    expectStatus(throughTheirTeam, 404);
    expect(throughTheirTeam.body.title).toBe('Compute not found');
    expectStatus(await rebuild(compute.id, body, stranger.token), 404);
  });

  it('leaves a compute whose rebuild failed in error with the reason; a rebuild again recovers it', async () => {
    const compute = await runningCompute();
    (t.computes.driver as HypervisorSimulator).failNextTransition(compute.id, 'rebuild');
    const body = {
      operatingSystemId: 'debian-12',
      authentication: { method: 'ssh-key', publicKey: sshPublicKey() },
      confirmHostname: compute.hostname,
    };
    expectStatus(await rebuild(compute.id, body), 202);
    await waitForStatus(t, owner.token, teamId, compute.id, 'error');
    const [failed] = (await history(t, owner.token, teamId, compute.id)).body.events;
    expect(failed).toMatchObject({
      action: 'rebuild',
      result: 'failed',
      message:
        'The new disk could not be written from the image; the compute is in error: rebuild it again or destroy it (simulated failure).',
    });
    expectStatus(await rebuild(compute.id, body), 202);
    const after = (await waitForStatus(t, owner.token, teamId, compute.id, 'running')).body;
    expect(after).toMatchObject({ ipv4: compute.ipv4, hostname: compute.hostname });
  });
});

function enterRescue(computeId: string, token = owner.token, team = teamId) {
  return send(t, 'POST', computesPath(team, `/${computeId}/rescue`), { token });
}

function leaveRescue(computeId: string, token = owner.token, team = teamId) {
  return send(t, 'DELETE', computesPath(team, `/${computeId}/rescue`), { token });
}

describe('rescue mode', () => {
  it('boots the rescue system with a one-time password shown once, refuses power actions in it, and leaves it to run normally', async () => {
    const compute = await runningCompute();
    const answer = await enterRescue(compute.id);
    expectStatus(answer, 202);
    const { compute: entering, rootPassword } = v.parse(rescuedComputeSchema, answer.body);
    expect(entering).toMatchObject({ id: compute.id, status: 'entering_rescue' });
    expect(rootPassword).toMatch(/^([A-HJ-NP-Za-km-z2-9]{5}-){3}[A-HJ-NP-Za-km-z2-9]{5}$/);

    const again = await enterRescue(compute.id);
    expectStatus(again, 409);
    expect(again.body.detail).toBe('The compute is already in rescue mode.');
    const tooSoon = await leaveRescue(compute.id);
    expectStatus(tooSoon, 409);
    expect(tooSoon.body.detail).toBe(
      'The compute is still booting its rescue system; wait until it is in rescue mode to leave it.',
    );

    const rescued = v.parse(
      computeSchema,
      (await waitForStatus(t, owner.token, teamId, compute.id, 'rescue')).body,
    );
    expect(rescued).toMatchObject({ ipv4: compute.ipv4, ipv6: compute.ipv6, hostname: compute.hostname });
    // Only the password's hash reached the machine, and it is the one the rescue system's root signs in with.
    const [machine] = await t.identity.db
      .select()
      .from(simulatorMachines)
      .where(eq(simulatorMachines.id, compute.id));
    expect(machine!.state).toBe('rescue');
    expect(JSON.stringify(machine)).not.toContain(rootPassword);
    const hash = (machine!.spec as { rescuePasswordHash: string }).rescuePasswordHash;
    expect(await verifyRootPassword(rootPassword, hash)).toBe(true);
    // The compute's details never show it again.
    const details = await send(t, 'GET', computesPath(teamId, `/${compute.id}`), { token: owner.token });
    expect(JSON.stringify(details.body)).not.toContain(rootPassword);

    for (const type of ['reboot', 'power_off', 'shutdown', 'power_on']) {
      const refused = await action(t, owner.token, teamId, compute.id, type);
      expectStatus(refused, 409);
      expect(refused.body.detail).toMatch(
        /^The compute is in rescue mode: leave rescue mode \(it boots normally\) to /,
      );
    }
    const rebuilt = await rebuild(compute.id, {
      operatingSystemId: 'debian-12',
      authentication: { method: 'password' },
      confirmHostname: compute.hostname,
    });
    expectStatus(rebuilt, 409);
    expect(rebuilt.body.detail).toBe(
      'The compute is in rescue mode: leave rescue mode before rebuilding it.',
    );

    const leaving = await leaveRescue(compute.id);
    expectStatus(leaving, 202);
    expect(v.parse(computeSchema, leaving.body).status).toBe('leaving_rescue');
    await waitForStatus(t, owner.token, teamId, compute.id, 'running');
    const [left] = await t.identity.db
      .select()
      .from(simulatorMachines)
      .where(eq(simulatorMachines.id, compute.id));
    expect(left!.spec).not.toHaveProperty('rescuePasswordHash');
    const notInRescue = await leaveRescue(compute.id);
    expectStatus(notInRescue, 409);
    expect(notInRescue.body.detail).toBe('The compute is not in rescue mode.');

    const events = (await history(t, owner.token, teamId, compute.id)).body.events;
    expect(
      events.map((event: { action: string; result: string }) => `${event.action}:${event.result}`),
    ).toEqual(['unrescue:succeeded', 'rescue:succeeded', 'create:succeeded']);
    expect(events[1]).toMatchObject({
      actor: { id: owner.id, name: 'Rita Rebuilder' },
      message:
        'Booting the rescue system, the compute’s disk attached as the second disk (/dev/vdb); root signs in with the compute’s SSH keys or a one-time password.',
    });
    const audit = (await auditRows(t, teamId))
      .filter((row) => row.action.startsWith('compute.rescue_'))
      .filter((row) => (row.details as { computeId: string }).computeId === compute.id);
    expect(audit.map((row) => [row.action, row.target])).toEqual([
      ['compute.rescue_entered', compute.hostname],
      ['compute.rescue_left', compute.hostname],
    ]);
    expect(audit[0]!.details).toEqual({ computeId: compute.id, from: 'running' });
    expect(JSON.stringify(audit)).not.toContain(rootPassword);
  });

  it('rescues a stopped compute, which may be destroyed in rescue; another team’s compute is not found', async () => {
    const compute = await runningCompute();
    expectStatus(await action(t, owner.token, teamId, compute.id, 'power_off'), 202);
    await waitForStatus(t, owner.token, teamId, compute.id, 'stopped');

    const stranger = await person(t, 'Rex Stranger');
    const theirTeam = await fundedTeamOf(t, stranger, [], 'Rescue outsiders');
    const throughTheirTeam = await enterRescue(compute.id, stranger.token, theirTeam);
    expectStatus(throughTheirTeam, 404);
    expect(throughTheirTeam.body.title).toBe('Compute not found');
    expectStatus(await enterRescue(compute.id, stranger.token), 404);

    expectStatus(await enterRescue(compute.id), 202);
    await waitForStatus(t, owner.token, teamId, compute.id, 'rescue');
    expectStatus(await leaveRescue(compute.id, stranger.token, theirTeam), 404);
    // Destroying is taken as from any status (its end is the destroy tests' business: 1 s in this file).
    const destroy = await send(t, 'DELETE', computesPath(teamId, `/${compute.id}`), {
      token: owner.token,
      body: { confirmHostname: compute.hostname },
    });
    expectStatus(destroy, 202);
    const [machine] = await t.identity.db
      .select()
      .from(simulatorMachines)
      .where(eq(simulatorMachines.id, compute.id));
    expect(machine).toMatchObject({ state: 'rescue', transition: 'destroy' });
    expect((await waitForStatus(t, owner.token, teamId, compute.id, 'destroying')).status).toBe(200);
  });

  it('leaves a compute whose rescue system did not boot in error with the reason; rescue again recovers it', async () => {
    const compute = await runningCompute();
    (t.computes.driver as HypervisorSimulator).failNextTransition(compute.id, 'rescue');
    expectStatus(await enterRescue(compute.id), 202);
    await waitForStatus(t, owner.token, teamId, compute.id, 'error');
    const [failed] = (await history(t, owner.token, teamId, compute.id)).body.events;
    expect(failed).toMatchObject({
      action: 'rescue',
      result: 'failed',
      message:
        'The rescue system did not boot; the compute is in error: enter rescue mode again, power it on or destroy it (simulated failure).',
    });
    expectStatus(await enterRescue(compute.id), 202);
    await waitForStatus(t, owner.token, teamId, compute.id, 'rescue');
    expectStatus(await leaveRescue(compute.id), 202);
    await waitForStatus(t, owner.token, teamId, compute.id, 'running');
  });
});

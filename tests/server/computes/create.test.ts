// Creating computes within the team's limits, idempotently: an unverified team is stopped at its sixth
// compute and at plans of 8 vCPUs, a verified one is not; one Idempotency-Key makes one compute however
// many copies of the request arrive at once; computes are prepaid (the balance must cover the first hour);
// user-data is kept with the compute, or refused beside its field.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { computes, simulatorMachines, teams } from '../../../server/db/schema';
import { computeLimitMessage, vcpuCeilingMessage } from '../../../server/tenancy/limits';
import { fund, fundedTeamOf } from '../support/billing';
import { computeRequest, computesPath, createCompute, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  owner = await person(t, 'Olive Owner');
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

async function verifiedTeam(): Promise<string> {
  const teamId = await fundedTeamOf(t, owner);
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
  return teamId;
}

async function rows(teamId: string) {
  return t.identity.db.select().from(computes).where(eq(computes.teamId, teamId));
}

describe('the prepaid rule', () => {
  it('refuses a compute whose first hour the balance cannot cover, makes nothing, and accepts it once it can', async () => {
    const teamId = await teamOf(t, owner);
    const refused = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ instanceTypeId: 's-1vcpu-1gb' }),
    );
    expectStatus(refused, 402);
    expect(refused.body).toMatchObject({
      type: problemTypes.balanceEmpty,
      detail:
        "Your balance (RWF 0) does not cover this plan's first hour (RWF 10). Add money to create computes.",
    });
    expect(await rows(teamId)).toHaveLength(0);

    await fund(t, teamId, 9);
    expectStatus(await createCompute(t, owner.token, teamId), 402);
    await fund(t, teamId, 1); // exactly the first hour
    expectStatus(await createCompute(t, owner.token, teamId), 201);
    expect(await rows(teamId)).toHaveLength(1);

    // A second one at once: the first one's hour is owed though not charged yet, so it does not count twice.
    const again = await createCompute(t, owner.token, teamId);
    expectStatus(again, 402);
    expect(again.body.detail).toBe(
      "Your balance (RWF 10, less RWF 10 for the first hours of computes just made) does not cover this plan's first hour (RWF 10). Add money to create computes.",
    );
    await fund(t, teamId, 10);
    expectStatus(await createCompute(t, owner.token, teamId), 201);
    expect(await rows(teamId)).toHaveLength(2);
  });
});

describe('limits of an unverified team', () => {
  it('refuses the sixth compute with the reason, and counts a destroyed one out', async () => {
    const teamId = await fundedTeamOf(t, owner);
    const made = [];
    for (let index = 0; index < 5; index++) {
      const answer = await createCompute(t, owner.token, teamId);
      expectStatus(answer, 201);
      made.push(answer.body.compute);
    }
    const sixth = await createCompute(t, owner.token, teamId);
    expectStatus(sixth, 403);
    expect(sixth.body).toMatchObject({
      type: problemTypes.teamVerificationRequired,
      title: 'Compute limit reached',
      detail: computeLimitMessage(),
    });
    const limits = await send(t, 'GET', `/teams/${teamId}/limits`, { token: owner.token });
    expect(limits.body.computes).toEqual({ used: 5, limit: 5 });

    const destroy = await send(t, 'DELETE', computesPath(teamId, `/${made[0].id}`), {
      token: owner.token,
      body: { confirmHostname: made[0].hostname },
    });
    expectStatus(destroy, 202);
    await waitForStatus(t, owner.token, teamId, made[0].id, 'gone');
    expectStatus(await createCompute(t, owner.token, teamId), 201);
  });

  it('refuses a plan with 8 or more vCPUs beside the plan field', async () => {
    const teamId = await fundedTeamOf(t, owner);
    const answer = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ instanceTypeId: 's-8vcpu-16gb' }),
    );
    expectStatus(answer, 403);
    expect(answer.body).toMatchObject({
      type: problemTypes.teamVerificationRequired,
      detail: vcpuCeilingMessage(),
      errors: [{ field: 'instanceTypeId', message: vcpuCeilingMessage() }],
    });
    expectStatus(
      await createCompute(t, owner.token, teamId, computeRequest({ instanceTypeId: 's-4vcpu-8gb' })),
      201,
    );
  });

  it('keeps the limit exact when many creations arrive at once', async () => {
    const teamId = await fundedTeamOf(t, owner);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => createCompute(t, owner.token, teamId)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(5);
    expect(await rows(teamId)).toHaveLength(5);
  });

  it('refuses to delete a team while it holds computes', async () => {
    const teamId = await fundedTeamOf(t, owner);
    expectStatus(await createCompute(t, owner.token, teamId), 201);
    const answer = await send(t, 'DELETE', `/teams/${teamId}`, { token: owner.token });
    expectStatus(answer, 409);
    expect(answer.body.detail).toBe(
      'This team still has 1 compute. Delete them first: a team can be deleted only when it holds nothing.',
    );
  });
});

describe('a verified team', () => {
  it('runs more than five computes and large plans', async () => {
    const teamId = await verifiedTeam();
    for (let index = 0; index < 6; index++) expectStatus(await createCompute(t, owner.token, teamId), 201);
    expectStatus(
      await createCompute(t, owner.token, teamId, computeRequest({ instanceTypeId: 's-32vcpu-64gb' })),
      201,
    );
  });
});

describe('the Idempotency-Key', () => {
  it('makes exactly one compute from 20 concurrent copies of one request', async () => {
    const teamId = await verifiedTeam();
    const key = randomUUID();
    const body = computeRequest({ authentication: { method: 'password' } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createCompute(t, owner.token, teamId, body, key)),
    );
    for (const answer of answers) expectStatus(answer, 201);
    expect(new Set(answers.map((answer) => answer.body.compute.id)).size).toBe(1);
    expect(await rows(teamId)).toHaveLength(1);
    // The password is only ever in the first answer: the server keeps its hash alone.
    const withPassword = answers.filter((answer) => answer.body.rootPassword !== null);
    expect(withPassword).toHaveLength(1);
    expect(withPassword[0]!.headers.get('Idempotent-Replayed')).toBeNull();
    const replays = answers.filter((answer) => answer.body.rootPassword === null);
    expect(replays.every((answer) => answer.headers.get('Idempotent-Replayed') === 'true')).toBe(true);
  });

  it('answers a retry with the compute as it now is, and different keys make different computes', async () => {
    const teamId = await verifiedTeam();
    const key = randomUUID();
    const body = computeRequest();
    const first = await createCompute(t, owner.token, teamId, body, key);
    await waitForStatus(t, owner.token, teamId, first.body.compute.id, 'running');
    const retry = await createCompute(t, owner.token, teamId, { ...body }, key);
    expectStatus(retry, 201);
    expect(retry.body.compute).toMatchObject({ id: first.body.compute.id, status: 'running' });

    const other = await createCompute(t, owner.token, teamId, computeRequest(), randomUUID());
    expectStatus(other, 201);
    expect(other.body.compute.id).not.toBe(first.body.compute.id);
  });

  it('refuses the same key with another request, and frees it after 24 hours', async () => {
    const teamId = await verifiedTeam();
    const key = randomUUID();
    expectStatus(await createCompute(t, owner.token, teamId, computeRequest(), key), 201);
    const reused = await createCompute(t, owner.token, teamId, computeRequest(), key);
    expectStatus(reused, 422);
    expect(reused.body.detail).toBe(
      'This Idempotency-Key was already used for a different request in the last 24 hours. Use a new key for a new request.',
    );
    t.clock.advance(24 * 3_600_000 + 1);
    expectStatus(await createCompute(t, owner.token, teamId, computeRequest(), key), 201);
    expect(await rows(teamId)).toHaveLength(2);
  });

  it('is per team: one key in two teams makes two computes', async () => {
    const [first, second] = [await verifiedTeam(), await verifiedTeam()];
    const key = randomUUID();
    const body = computeRequest();
    const a = await createCompute(t, owner.token, first, body, key);
    const b = await createCompute(t, owner.token, second, body, key);
    expect(a.body.compute.id).not.toBe(b.body.compute.id);
    const made = await t.identity.db
      .select()
      .from(computes)
      .where(and(eq(computes.hostname, body.hostname)));
    expect(made).toHaveLength(2);
  });

  it('refuses a key that is too short to be unique', async () => {
    const teamId = await verifiedTeam();
    const answer = await createCompute(t, owner.token, teamId, computeRequest(), 'abc');
    expectStatus(answer, 400);
    expect(answer.body.detail).toBe(
      'The Idempotency-Key must be 8 to 255 visible ASCII characters, such as a UUID.',
    );
  });
});

const CLOUD_CONFIG = [
  '#cloud-config',
  'write_files:',
  '  - path: /etc/motd',
  '    content: "Bonjour, café ☕\\n"',
  'runcmd:',
  '  - touch /root/ran',
  '',
].join('\n');

// Kept with the compute as written, shown in its answer, handed to the driver with the machine's spec;
// refused beside the userData field (the line of a YAML mistake, the size in bytes) with nothing made.
describe('user-data at create', () => {
  let teamId: string;
  beforeAll(async () => {
    teamId = await fundedTeamOf(t, owner);
  });

  it('keeps a #cloud-config as written, shows it on the compute and gives it to the machine', async () => {
    const created = await createCompute(t, owner.token, teamId, computeRequest({ userData: CLOUD_CONFIG }));
    expectStatus(created, 201);
    const id = created.body.compute.id as string;
    expect(created.body.compute.userDataKind).toBe('cloud-config');
    // The compute says which kind; its text (up to 64 KiB) stays out of lists and live updates.
    const shown = await send(t, 'GET', computesPath(teamId, `/${id}`), { token: owner.token });
    expect(shown.body.userDataKind).toBe('cloud-config');
    expect(shown.body).not.toHaveProperty('userData');
    const listed = await send(t, 'GET', computesPath(teamId), { token: owner.token });
    const row = listed.body.computes.find((compute: { id: string }) => compute.id === id);
    expect(row).toMatchObject({ userDataKind: 'cloud-config' });
    expect(row).not.toHaveProperty('userData');
    const text = await send(t, 'GET', computesPath(teamId, `/${id}/user-data`), { token: owner.token });
    expectStatus(text, 200);
    expect(text.body).toEqual({ userData: CLOUD_CONFIG });
    const [machine] = await t.identity.db
      .select()
      .from(simulatorMachines)
      .where(eq(simulatorMachines.id, id));
    expect(machine?.spec.userData).toBe(CLOUD_CONFIG);
    await waitForStatus(t, owner.token, teamId, id, 'running');
  });

  it('takes a script, and a compute without user-data shows none', async () => {
    const script = '#!/bin/sh\necho hello > /root/hello\n';
    const withScript = await createCompute(t, owner.token, teamId, computeRequest({ userData: script }));
    expectStatus(withScript, 201);
    expect(withScript.body.compute.userDataKind).toBe('script');
    const text = await send(t, 'GET', computesPath(teamId, `/${withScript.body.compute.id}/user-data`), {
      token: owner.token,
    });
    expect(text.body).toEqual({ userData: script });
    const without = await createCompute(t, owner.token, teamId, computeRequest());
    expectStatus(without, 201);
    expect(without.body.compute.userDataKind).toBeNull();
    const none = await send(t, 'GET', computesPath(teamId, `/${without.body.compute.id}/user-data`), {
      token: owner.token,
    });
    expect(none.body).toEqual({ userData: null });
    const explicitNull = await createCompute(t, owner.token, teamId, computeRequest({ userData: null }));
    expectStatus(explicitNull, 201);
    expect(explicitNull.body.compute.userDataKind).toBeNull();
  });

  it('refuses a YAML mistake beside userData with its line, and makes nothing', async () => {
    const before = (await rows(teamId)).length;
    const refused = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ userData: '#cloud-config\nruncmd:\n  - ls\n oops: 1\n' }),
    );
    expectStatus(refused, 422);
    expect(refused.body.errors).toEqual([
      { field: 'userData', message: 'Line 4: All mapping items must start at the same column.' },
    ]);
    expect(await rows(teamId)).toHaveLength(before);
  });

  it('refuses more than 64 KiB of UTF-8 and what is neither cloud-config nor a script', async () => {
    const tooLong = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ userData: `#!/bin/sh\n# ${'€'.repeat(22_000)}\n` }),
    );
    expectStatus(tooLong, 422);
    expect(tooLong.body.errors).toEqual([
      {
        field: 'userData',
        message: 'Use at most 64 KiB of user-data; this is 64.5 KiB (counted in UTF-8 bytes).',
      },
    ]);
    const include = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ userData: '#include https://example.com/x\n' }),
    );
    expectStatus(include, 422);
    expect(include.body.errors[0]).toMatchObject({
      field: 'userData',
      message: /^#include is not accepted here/,
    });
  });
});

// Resizing a compute to another plan through the API, on the hypervisor simulator (200 times faster than
// life; each location one simulated host of 16 vCPUs, so a host without room can refuse): only a stopped
// compute, the disk only growing, within the team's vCPU ceiling and its prepaid balance, another team's
// compute not found; the plan, history and audit entry written together; a resize the hypervisor could not
// complete leaves the old plan; and billing charges the new rate from the next started hour (test clock).
import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeHistorySchema, computeSchema } from '@/contract/computes';
import { problemTypes } from '@/contract/problem';
import { UsageSweep } from '../../../server/billing';
import { DEFAULT_INSTANCE_TYPES } from '../../../server/catalog/default-catalog';
import { simulatorMachines, teams, usageAccruals } from '../../../server/db/schema';
import { DEFAULT_SIMULATOR_CONFIG } from '../../../server/drivers/compute/simulator/simulator-config';
import { fund, fundedTeamOf } from '../support/billing';
import {
  action,
  computeRequest,
  computesPath,
  createCompute,
  history,
  uniqueHostname,
  waitForStatus,
} from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp, TEST_SIMULATOR_SPEED } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const HOUR = 3_600_000;
let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let teamId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, {
    compute: {
      simulator: {
        ...DEFAULT_SIMULATOR_CONFIG,
        speed: TEST_SIMULATOR_SPEED,
        hostCapacity: { vcpus: 16, memoryMb: 65_536, diskGb: 4_000 },
      },
    },
  });
  owner = await person(t, 'Olive Owner');
  teamId = await fundedTeamOf(t, owner, [], 'Resize team');
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

function plan(id: string) {
  const found = DEFAULT_INSTANCE_TYPES.find((entry) => entry.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

function resize(token: string, team: string, computeId: string, instanceTypeId: unknown) {
  return send(t, 'POST', computesPath(team, `/${computeId}/resize`), { token, body: { instanceTypeId } });
}

async function stoppedCompute(team = teamId, token = owner.token, overrides = {}) {
  const created = await createCompute(t, token, team, computeRequest(overrides));
  expectStatus(created, 201);
  const id = created.body.compute.id as string;
  await waitForStatus(t, token, team, id, 'running');
  expectStatus(await action(t, token, team, id, 'power_off'), 202);
  await waitForStatus(t, token, team, id, 'stopped');
  return id;
}

async function machineSize(id: string) {
  const [machine] = await t.identity.db.select().from(simulatorMachines).where(eq(simulatorMachines.id, id));
  const spec = machine!.spec as { vcpus: number; memoryMb: number; diskGb: number };
  return { vcpus: spec.vcpus, memoryMb: spec.memoryMb, diskGb: spec.diskGb };
}

describe('resizing a compute', () => {
  it('gives a stopped compute another plan: resizing, then stopped with the new size, in the history and the audit log', async () => {
    const id = await stoppedCompute();
    const answer = await resize(owner.token, teamId, id, 's-2vcpu-4gb');
    expectStatus(answer, 202);
    expect(v.parse(computeSchema, answer.body)).toMatchObject({
      status: 'resizing',
      instanceType: { id: 's-2vcpu-4gb', vcpus: 2, memoryMb: 4096, diskGb: 80 },
    });
    const done = await waitForStatus(t, owner.token, teamId, id, 'stopped');
    expect(done.body.instanceType).toMatchObject({ id: 's-2vcpu-4gb' });
    expect(await machineSize(id)).toEqual({ vcpus: 2, memoryMb: 4096, diskGb: 80 });

    const events = v.parse(computeHistorySchema, (await history(t, owner.token, teamId, id)).body).events;
    expect(events[0]).toMatchObject({
      action: 'resize',
      result: 'succeeded',
      actor: { id: owner.id, name: 'Olive Owner' },
      message: 'From 1 vCPU · 1 GB to 2 vCPU · 4 GB.',
    });
    const audit = (await auditRows(t, teamId)).filter((row) => row.action === 'compute.resized');
    expect(audit.at(-1)).toMatchObject({
      actorUserId: owner.id,
      details: expect.objectContaining({ computeId: id, from: 's-1vcpu-1gb', to: 's-2vcpu-4gb' }),
    });

    // Down again: fewer vCPUs and less memory are fine while the disk does not shrink.
    expectStatus(await resize(owner.token, teamId, id, 's-2vcpu-4gb'), 422);
    const bigger = await resize(owner.token, teamId, id, 's-4vcpu-8gb');
    expectStatus(bigger, 202);
    await waitForStatus(t, owner.token, teamId, id, 'stopped');
    expect(await machineSize(id)).toEqual({ vcpus: 4, memoryMb: 8192, diskGb: 160 });
  });

  it('refuses a compute that is not stopped, with the reason, and changes nothing', async () => {
    const created = await createCompute(t, owner.token, teamId, computeRequest());
    const id = created.body.compute.id as string;
    await waitForStatus(t, owner.token, teamId, id, 'running');
    const refused = await resize(owner.token, teamId, id, 's-2vcpu-4gb');
    expectStatus(refused, 409);
    expect(refused.body.detail).toBe(
      'The compute is running: power it off first (a resize needs it stopped).',
    );
    const still = await send(t, 'GET', computesPath(teamId, `/${id}`), { token: owner.token });
    expect(still.body).toMatchObject({ status: 'running', instanceType: { id: 's-1vcpu-1gb' } });
  });

  it('refuses a plan whose disk is smaller, and an unknown or the same plan, beside instanceTypeId', async () => {
    const id = await stoppedCompute(teamId, owner.token, { instanceTypeId: 's-1vcpu-2gb' });
    const smaller = await resize(owner.token, teamId, id, 's-1vcpu-1gb');
    expectStatus(smaller, 422);
    expect(smaller.body.errors).toEqual([
      {
        field: 'instanceTypeId',
        message: "This plan's disk (25 GB) is smaller than the compute's (50 GB): a disk only grows.",
      },
    ]);
    expect((await resize(owner.token, teamId, id, 'huge')).body.errors).toEqual([
      { field: 'instanceTypeId', message: 'Choose one of the plans listed.' },
    ]);
    expect((await resize(owner.token, teamId, id, 's-1vcpu-2gb')).body.errors).toEqual([
      { field: 'instanceTypeId', message: 'The compute already has this plan.' },
    ]);
    expectStatus(await resize(owner.token, teamId, id, ''), 422);
    expect(await machineSize(id)).toEqual({ vcpus: 1, memoryMb: 2048, diskGb: 50 });
  });

  it('refuses a plan the host has no room for before anything changes', async () => {
    // The host has 16 vCPUs and the other computes of this file hold some: 15 more do not fit.
    const id = await stoppedCompute();
    const refused = await resize(owner.token, teamId, id, 's-16vcpu-32gb');
    expectStatus(refused, 422);
    expect(refused.body.errors).toEqual([
      {
        field: 'instanceTypeId',
        message:
          'The machine this compute runs on has no room for this plan now; choose a smaller plan, or try again later.',
      },
    ]);
    const still = await send(t, 'GET', computesPath(teamId, `/${id}`), { token: owner.token });
    expect(still.body).toMatchObject({ status: 'stopped', instanceType: { id: 's-1vcpu-1gb' } });
    expect(await machineSize(id)).toEqual({ vcpus: 1, memoryMb: 1024, diskGb: 25 });
  });

  it('keeps the old plan when the hypervisor cannot complete the resize, and says so in the history', async () => {
    const id = await stoppedCompute(teamId, owner.token, { hostname: uniqueHostname('fail-resize') });
    expectStatus(await resize(owner.token, teamId, id, 's-2vcpu-4gb'), 202);
    await waitForStatus(t, owner.token, teamId, id, 'stopped');
    const after = await send(t, 'GET', computesPath(teamId, `/${id}`), { token: owner.token });
    expect(after.body.instanceType).toMatchObject({ id: 's-1vcpu-1gb' });
    expect(await machineSize(id)).toEqual({ vcpus: 1, memoryMb: 1024, diskGb: 25 });
    const events = v.parse(computeHistorySchema, (await history(t, owner.token, teamId, id)).body).events;
    expect(events[0]).toMatchObject({
      action: 'resize',
      result: 'failed',
      message:
        'The disk could not be grown; the compute keeps its old size and is stopped (simulated failure).',
    });
  });

  it('answers 404 for another team’s compute, as for one that never was', async () => {
    const id = await stoppedCompute();
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await fundedTeamOf(t, stranger, [], 'Other team');
    const refused = await resize(stranger.token, theirs, id, 's-2vcpu-4gb');
    expectStatus(refused, 404);
    expect(refused.body.title).toBe('Compute not found');
    expectStatus(await resize(stranger.token, teamId, id, 's-2vcpu-4gb'), 404);
  });
});

describe('the team’s limits and the prepaid rule', () => {
  it('refuses 8 or more vCPUs while the team is unverified, beside instanceTypeId', async () => {
    const who = await person(t, 'Una Unverified');
    const team = await fundedTeamOf(t, who, [], 'Unverified team');
    const id = await stoppedCompute(team, who.token);
    const refused = await resize(who.token, team, id, 's-8vcpu-16gb');
    expectStatus(refused, 403);
    expect(refused.body.type).toBe(problemTypes.teamVerificationRequired);
    expect(refused.body.errors).toEqual([
      { field: 'instanceTypeId', message: 'Plans with 8 or more vCPUs need a verified team.' },
    ]);
  });

  it('refuses a dearer plan the balance cannot cover an hour of, and allows one it can', async () => {
    const who = await person(t, 'Petra Prepaid');
    const team = await teamOf(t, who, [], 'Prepaid team');
    const [small, medium] = [plan('s-1vcpu-1gb').hourly.RWF, plan('s-1vcpu-2gb').hourly.RWF];
    // Enough for the first hour of the compute (charged when the resize is asked) and an hour of 1 vCPU · 2 GB.
    await fund(t, team, small + medium);
    const id = await stoppedCompute(team, who.token);
    const refused = await resize(who.token, team, id, 's-2vcpu-4gb');
    expectStatus(refused, 402);
    expect(refused.body.type).toBe(problemTypes.balanceEmpty);
    expect(refused.body.errors).toEqual([
      {
        field: 'instanceTypeId',
        message: expect.stringMatching(
          /^Your balance \(.+\) does not cover an hour of this plan \(.+\)\. Add money to resize to it\.$/,
        ),
      },
    ]);
    expectStatus(await resize(who.token, team, id, 's-1vcpu-2gb'), 202);
    await waitForStatus(t, who.token, team, id, 'stopped');
  });
});

describe('billing a resized compute', () => {
  it('charges the hours already started at the old rate and the new rate from the next hour', async () => {
    const sweep = new UsageSweep(t.billing);
    const who = await person(t, 'Bea Billing');
    const team = await fundedTeamOf(t, who, [], 'Billing team');
    const id = await stoppedCompute(team, who.token);
    const [old, next] = [plan('s-1vcpu-1gb').hourly.RWF, plan('s-2vcpu-4gb').hourly.RWF];
    const charged = async () => {
      const rows = await t.identity.db
        .select()
        .from(usageAccruals)
        .where(eq(usageAccruals.computeId, id))
        .orderBy(asc(usageAccruals.firstHourStart));
      return rows.reduce(
        (sum, row) => ({ hours: sum.hours + row.hours, amount: sum.amount + row.amountMinor }),
        {
          hours: 0,
          amount: 0,
        },
      );
    };
    await sweep.sweep();
    expect(await charged()).toEqual({ hours: 1, amount: old });

    // Its second hour has started (not swept yet) when it is resized: that hour is still at the old rate.
    t.clock.advance(HOUR + HOUR / 2);
    expectStatus(await resize(who.token, team, id, 's-2vcpu-4gb'), 202);
    await waitForStatus(t, who.token, team, id, 'stopped');
    expect(await charged()).toEqual({ hours: 2, amount: 2 * old });
    await sweep.sweep();
    expect(await charged()).toEqual({ hours: 2, amount: 2 * old });

    // The third hour is the first at the new rate.
    t.clock.advance(HOUR);
    await sweep.sweep();
    expect(await charged()).toEqual({ hours: 3, amount: 2 * old + next });
  });
});

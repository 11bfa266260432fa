// A compute's life on the hypervisor simulator, through the API: created and provisioned, shut down,
// powered off and on, rebooted, refused what its status does not allow, failing where told to, and
// destroyed, its address going back to the pool. The simulator runs 200 times faster than life.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeHistorySchema, computeSchema, createdComputeSchema } from '@/contract/computes';
import { simulatorMachines, teams } from '../../../server/db/schema';
import type { HypervisorSimulator } from '../../../server/drivers/compute/simulator/simulator';
import { fundedTeamOf } from '../support/billing';
import {
  action,
  computeRequest,
  computesPath,
  createCompute,
  history,
  uniqueHostname,
  waitForStatus,
} from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let teamId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  owner = await person(t, 'Olive Owner');
  teamId = await fundedTeamOf(t, owner, [], 'Lifecycle team');
  // Verified: this file makes more computes than an unverified team may run (limits.test.ts covers those).
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

async function runningCompute(overrides = {}) {
  const created = await createCompute(t, owner.token, teamId, computeRequest(overrides));
  expectStatus(created, 201);
  const id = created.body.compute.id as string;
  await waitForStatus(t, owner.token, teamId, id, 'running');
  return id;
}

describe('creating a compute', () => {
  it('answers 201 with the compute provisioning, then it becomes running with an address from the pool', async () => {
    const body = computeRequest({ tags: ['web', 'prod'] });
    const created = await createCompute(t, owner.token, teamId, body);
    expectStatus(created, 201);
    const { compute, rootPassword } = v.parse(createdComputeSchema, created.body);
    expect(compute).toMatchObject({
      hostname: body.hostname,
      status: 'provisioning',
      teamId,
      location: { id: 'kgl1', city: 'Kigali' },
      operatingSystem: { id: 'ubuntu-24-04' },
      instanceType: { id: 's-1vcpu-1gb', vcpus: 1, memoryMb: 1024 },
      tags: ['web', 'prod'],
      authentication: 'ssh-key',
      createdBy: { id: owner.id, name: 'Olive Owner' },
    });
    expect(compute.sshKeyFingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(rootPassword).toBeNull();
    expect(compute.ipv4).toMatch(/^192\.0\.2\.\d+$/);
    expect(compute.ipv6).toMatch(/^2001:db8::/);

    const running = await waitForStatus(t, owner.token, teamId, compute.id, 'running');
    expect(v.parse(computeSchema, running.body).ipv4).toBe(compute.ipv4);
    const events = v.parse(computeHistorySchema, (await history(t, owner.token, teamId, compute.id)).body);
    expect(events.events).toEqual([
      expect.objectContaining({
        action: 'create',
        result: 'succeeded',
        actor: { id: owner.id, name: 'Olive Owner' },
        completedAt: expect.any(String),
      }),
    ]);
    const audit = await auditRows(t, teamId);
    expect(audit.map((row) => row.action)).toContain('compute.created');
  });

  it('generates a strong root password for password computes, shows it once and stores only a hash', async () => {
    const created = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ authentication: { method: 'password' } }),
    );
    expectStatus(created, 201);
    expect(created.body.rootPassword).toMatch(/^([A-HJ-NP-Za-km-z2-9]{5}-){3}[A-HJ-NP-Za-km-z2-9]{5}$/);
    expect(created.body.compute).toMatchObject({ authentication: 'password', sshKeyFingerprint: null });
    const [machine] = await t.identity.db
      .select()
      .from(simulatorMachines)
      .where(eq(simulatorMachines.id, created.body.compute.id));
    const stored = JSON.stringify(machine);
    expect(stored).not.toContain(created.body.rootPassword);
    expect(stored).toContain('scrypt$');
  });

  it('refuses a hostname the team already uses, and unknown catalog entries, field by field', async () => {
    const body = computeRequest();
    expectStatus(await createCompute(t, owner.token, teamId, body), 201);
    const again = await createCompute(t, owner.token, teamId, {
      ...body,
      hostname: body.hostname.toUpperCase(),
    });
    expectStatus(again, 422);
    expect(again.body.errors).toEqual([
      { field: 'hostname', message: `This team already has a compute named ${body.hostname}.` },
    ]);
    const unknown = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ locationId: 'mars1', operatingSystemId: 'windows-95', instanceTypeId: 'huge' }),
    );
    expectStatus(unknown, 422);
    expect(unknown.body.errors).toEqual([
      { field: 'locationId', message: 'Choose one of the locations listed.' },
      { field: 'operatingSystemId', message: 'Choose one of the images listed.' },
      { field: 'instanceTypeId', message: 'Choose one of the plans listed.' },
    ]);
    const closed = await createCompute(t, owner.token, teamId, computeRequest({ locationId: 'los1' }));
    expect(closed.body.errors).toEqual([
      { field: 'locationId', message: 'Lagos does not take new computes yet; choose another location.' },
    ]);
  });

  it('refuses an SSH key whose body is not a key of its type, and a short RSA key', async () => {
    const damaged = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({
        authentication: { method: 'ssh-key', publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA me' },
      }),
    );
    expectStatus(damaged, 422);
    expect(damaged.body.errors[0].field).toBe('authentication.publicKey');
    const notAKey = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ authentication: { method: 'ssh-key', publicKey: 'ssh-rsa AAAA' } }),
    );
    expectStatus(notAKey, 422);
    expect(notAKey.body.errors[0]).toMatchObject({ field: 'authentication.publicKey' });
    const privateKey = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({
        authentication: { method: 'ssh-key', publicKey: '-----BEGIN OPENSSH PRIVATE KEY-----' },
      }),
    );
    expect(privateKey.body.errors[0].message).toMatch(/the \.pub file, not the private key/);
  });

  it('needs an Idempotency-Key, said in plain words', async () => {
    const answer = await createCompute(t, owner.token, teamId, computeRequest(), null);
    expectStatus(answer, 400);
    expect(answer.body).toMatchObject({ title: 'Idempotency-Key required' });
    expect(answer.body.detail).toMatch(/Send an Idempotency-Key header/);
  });
});

describe('power actions', () => {
  it('shuts down, powers on, powers off and reboots, each recorded with who and how it ended', async () => {
    const id = await runningCompute();
    const shutdown = await action(t, owner.token, teamId, id, 'shutdown');
    expectStatus(shutdown, 202);
    expect(shutdown.body.status).toBe('stopping');
    await waitForStatus(t, owner.token, teamId, id, 'stopped');

    const on = await action(t, owner.token, teamId, id, 'power_on');
    expect(on.body.status).toBe('starting');
    await waitForStatus(t, owner.token, teamId, id, 'running');

    expect((await action(t, owner.token, teamId, id, 'power_off')).body.status).toBe('stopping');
    await waitForStatus(t, owner.token, teamId, id, 'stopped');
    await action(t, owner.token, teamId, id, 'power_on');
    await waitForStatus(t, owner.token, teamId, id, 'running');

    expect((await action(t, owner.token, teamId, id, 'reboot')).body.status).toBe('rebooting');
    await waitForStatus(t, owner.token, teamId, id, 'running');

    const events = (await history(t, owner.token, teamId, id)).body.events;
    expect(
      events.map((event: { action: string; result: string }) => `${event.action}:${event.result}`),
    ).toEqual([
      'reboot:succeeded',
      'power_on:succeeded',
      'power_off:succeeded',
      'power_on:succeeded',
      'shutdown:succeeded',
      'create:succeeded',
    ]);
    expect(events[0].actor).toEqual({ id: owner.id, name: 'Olive Owner' });
  });

  it('refuses actions the status does not allow, with the reason', async () => {
    const id = await runningCompute();
    const on = await action(t, owner.token, teamId, id, 'power_on');
    expectStatus(on, 409);
    expect(on.body.detail).toBe('The compute is already running.');
    await action(t, owner.token, teamId, id, 'shutdown');
    const whileStopping = await action(t, owner.token, teamId, id, 'power_on');
    expectStatus(whileStopping, 409);
    expect(whileStopping.body.detail).toBe(
      'The compute is stopping; wait until it is stopped to power it on.',
    );
    await waitForStatus(t, owner.token, teamId, id, 'stopped');
    const reboot = await action(t, owner.token, teamId, id, 'reboot');
    expectStatus(reboot, 409);
    expect(reboot.body.detail).toBe('The compute is stopped; power it on instead.');
    const unknown = await action(t, owner.token, teamId, id, 'explode');
    expectStatus(unknown, 422);
    expect(unknown.body.errors[0].field).toBe('type');
  });

  it('records a failed transition in the history, and the compute rests where the hypervisor left it', async () => {
    const failing = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ hostname: uniqueHostname('fail-reboot') }),
    );
    const id = failing.body.compute.id;
    await waitForStatus(t, owner.token, teamId, id, 'running');
    await action(t, owner.token, teamId, id, 'reboot');
    await waitForStatus(t, owner.token, teamId, id, 'error');
    const [latest] = (await history(t, owner.token, teamId, id)).body.events;
    expect(latest).toMatchObject({
      action: 'reboot',
      result: 'failed',
      message: 'The machine did not come back after the reboot; power it on again (simulated failure).',
    });
    // From error, powering on is the way back.
    await action(t, owner.token, teamId, id, 'power_on');
    await waitForStatus(t, owner.token, teamId, id, 'running');

    const broken = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ hostname: uniqueHostname('fail') }),
    );
    await waitForStatus(t, owner.token, teamId, broken.body.compute.id, 'error');
    const [create] = (await history(t, owner.token, teamId, broken.body.compute.id)).body.events;
    expect(create).toMatchObject({ action: 'create', result: 'failed' });
  });

  it('lets a test make the next transition fail', async () => {
    const id = await runningCompute();
    (t.computes.driver as HypervisorSimulator).failNextTransition(id, 'shutdown');
    await action(t, owner.token, teamId, id, 'shutdown');
    await waitForStatus(t, owner.token, teamId, id, 'running');
    const [latest] = (await history(t, owner.token, teamId, id)).body.events;
    expect(latest).toMatchObject({ action: 'shutdown', result: 'failed' });
    expect(latest.message).toMatch(/did not shut down/);
  });
});

describe('destroying a compute', () => {
  it('asks for the hostname, then the compute is gone and its address returns to the pool', async () => {
    const id = await runningCompute();
    const before = (await send(t, 'GET', computesPath(teamId, `/${id}`), { token: owner.token })).body;
    const wrong = await send(t, 'DELETE', computesPath(teamId, `/${id}`), {
      token: owner.token,
      body: { confirmHostname: 'something-else' },
    });
    expectStatus(wrong, 422);
    expect(wrong.body.errors).toEqual([
      { field: 'confirmHostname', message: `Type the compute’s hostname, ${before.hostname}, to confirm.` },
    ]);

    const destroy = await send(t, 'DELETE', computesPath(teamId, `/${id}`), {
      token: owner.token,
      body: { confirmHostname: before.hostname.toUpperCase() },
    });
    expectStatus(destroy, 202);
    expect(destroy.body.status).toBe('destroying');
    await waitForStatus(t, owner.token, teamId, id, 'gone');
    const list = await send(t, 'GET', computesPath(teamId), { token: owner.token });
    expect(list.body.computes.map((compute: { id: string }) => compute.id)).not.toContain(id);
    expectStatus(await history(t, owner.token, teamId, id), 404);
    const machines = await t.identity.db.select().from(simulatorMachines).where(eq(simulatorMachines.id, id));
    expect(machines).toEqual([]);

    // The freed address is the first free one again: the next compute gets it.
    const next = await createCompute(t, owner.token, teamId, computeRequest());
    const used = await t.identity.db.select({ ipv4: simulatorMachines.ipv4 }).from(simulatorMachines);
    expect(used.map((row) => row.ipv4)).toContain(before.ipv4);
    expect(next.body.compute.ipv4).toBe(before.ipv4);
  });

  it('destroys a compute in the middle of its provisioning', async () => {
    const created = await createCompute(t, owner.token, teamId, computeRequest());
    const destroy = await send(t, 'DELETE', computesPath(teamId, `/${created.body.compute.id}`), {
      token: owner.token,
      body: { confirmHostname: created.body.compute.hostname },
    });
    expectStatus(destroy, 202);
    await waitForStatus(t, owner.token, teamId, created.body.compute.id, 'gone');
  });
});

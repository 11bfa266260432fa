// Backups through the API, on the hypervisor simulator (200 times faster than life; a backup writes a real,
// empty qcow2 of the compute's disk size with qemu-img) and the test clock for the daily sweep: on and off
// with the price shown, daily backups begun by the sweep and kept up to the retention (older ones deleted
// with their files), "back up now", a backup ended cleanly by a power off or a destroy (failed with the
// reason, no file, the power action not held up) but not by a reboot, restores onto a stopped compute only
// (409 with the reason on a running one) or into a new compute, and other teams' computes and backups 404.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backup, backupListSchema, backupSchema, backupSettingsSchema } from '@/contract/backups';
import { computeHistorySchema } from '@/contract/computes';
import type { ServerMessage } from '@/contract/socket';
import { ledgerEntries, teams } from '../../../server/db/schema';
import type { HypervisorSimulator } from '../../../server/drivers/compute/simulator/simulator';
import { fundedTeamOf } from '../support/billing';
import {
  action,
  computeRequest,
  computesPath,
  createCompute,
  history,
  RM,
  uniqueHostname,
  waitForStatus,
} from '../support/computes';
import { gate } from '../support/gate';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const RETENTION = 2;
const DAY_MS = 24 * 3_600_000;

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let outsider: Person;
let teamId: string;
let otherTeamId: string;
const backupsDir = mkdtempSync(join(tmpdir(), 'ikirere-backups-test-'));
const messages: ServerMessage[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, { backupsDir, backupRetention: RETENTION });
  owner = await person(t, 'Bea Backer');
  outsider = await person(t, 'Otto Outsider');
  teamId = await fundedTeamOf(t, owner, [], 'Backup team');
  otherTeamId = await fundedTeamOf(t, outsider, [], 'Other team');
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
  t.live.subscribe(owner.id, (message) => messages.push(message));
});
afterAll(async () => {
  await t?.backups?.settled();
  await t?.computes.close();
  await database?.dispose();
  rmSync(backupsDir, { recursive: true, force: true });
});

const backupsPath = (computeId: string, rest = '', team = teamId) =>
  `${RM}/teams/${team}/computes/${computeId}/backups${rest}`;

async function runningCompute(hostname = uniqueHostname()) {
  const created = await createCompute(t, owner.token, teamId, computeRequest({ hostname }));
  expectStatus(created, 201);
  const id = created.body.compute.id as string;
  await waitForStatus(t, owner.token, teamId, id, 'running');
  return id;
}

/** Holds the simulator's next restore while it is under way, until `release()`; `entered` once it is. */
function holdNextRestore() {
  const backups = (t.computes.driver as HypervisorSimulator).backups;
  const original = backups.restore.bind(backups);
  const held = gate();
  backups.restore = (machineId, source, check) => {
    backups.restore = original;
    return original(machineId, source, async () => {
      await check();
      await held.wait();
    });
  };
  return held;
}

async function stop(computeId: string) {
  expectStatus(await action(t, owner.token, teamId, computeId, 'power_off'), 202);
  await waitForStatus(t, owner.token, teamId, computeId, 'stopped');
}

async function listOf(computeId: string) {
  const answer = await send(t, 'GET', backupsPath(computeId), { token: owner.token });
  expectStatus(answer, 200);
  return v.parse(backupListSchema, answer.body);
}

async function backUpNow(computeId: string): Promise<Backup> {
  const answer = await send(t, 'POST', backupsPath(computeId), { token: owner.token });
  expectStatus(answer, 202);
  return v.parse(backupSchema, answer.body);
}

/** The backup once it is no longer being made (the service's work under way settled). */
async function settledBackup(computeId: string, backupId: string): Promise<Backup> {
  await t.backups!.settled();
  const found = (await listOf(computeId)).backups.find((backup) => backup.id === backupId);
  if (!found) throw new Error(`backup ${backupId} is gone`);
  return found;
}

async function backupEvents(computeId: string) {
  const events = v.parse(
    computeHistorySchema,
    (await history(t, owner.token, teamId, computeId)).body,
  ).events;
  return events.filter((event) => event.action === 'backup');
}

/** Files in the backup directory that are not a backup's own (nothing half-written). */
function strayFiles(): string[] {
  return readdirSync(backupsDir).filter((name) => !/^[0-9a-f-]{36}\.qcow2$/.test(name));
}

function setEnabled(computeId: string, enabled: boolean, token = owner.token, team = teamId) {
  return send(t, 'PUT', backupsPath(computeId, '/settings', team), { token, body: { enabled } });
}

describe('backing up now, while power actions go ahead', () => {
  it('backs up a running compute; a power off meanwhile ends it as failed, with no file, and the compute stops', async () => {
    const computeId = await runningCompute();
    const done = await settledBackup(computeId, (await backUpNow(computeId)).id);
    expect(done).toMatchObject({ status: 'available', kind: 'manual', message: null });
    expect(done.sizeBytes).toBeGreaterThan(0);

    const interrupted = await backUpNow(computeId);
    expect(interrupted.status).toBe('creating');
    expectStatus(await action(t, owner.token, teamId, computeId, 'power_off'), 202);
    await waitForStatus(t, owner.token, teamId, computeId, 'stopped');
    const failed = await settledBackup(computeId, interrupted.id);
    expect(failed).toMatchObject({
      status: 'failed',
      message: 'The compute was powered off during the backup; the backup was stopped.',
    });
    expect(existsSync(join(backupsDir, `${interrupted.id}.qcow2`))).toBe(false);
    expect(strayFiles()).toEqual([]);
    expect((await backupEvents(computeId))[0]).toMatchObject({
      result: 'failed',
      message: 'The backup failed: The compute was powered off during the backup; the backup was stopped.',
    });
    expect((await auditRows(t, teamId)).filter((row) => row.action === 'backup.requested')).not.toHaveLength(
      0,
    );
  });

  it('lets a reboot happen without ending the backup', async () => {
    const computeId = await runningCompute();
    const backup = await backUpNow(computeId);
    expectStatus(await action(t, owner.token, teamId, computeId, 'reboot'), 202);
    expect((await settledBackup(computeId, backup.id)).status).toBe('available');
    await waitForStatus(t, owner.token, teamId, computeId, 'running');
  });

  it('ends a backup cleanly when the compute is destroyed meanwhile', async () => {
    const hostname = uniqueHostname();
    const computeId = await runningCompute(hostname);
    const backup = await backUpNow(computeId);
    const destroy = await send(t, 'DELETE', computesPath(teamId, `/${computeId}`), {
      token: owner.token,
      body: { confirmHostname: hostname },
    });
    expectStatus(destroy, 202);
    await waitForStatus(t, owner.token, teamId, computeId, 'gone');
    await t.backups!.settled();
    expect(existsSync(join(backupsDir, `${backup.id}.qcow2`))).toBe(false);
    // The destroyed compute's backups go with it at the next sweep.
    await t.backups!.sweep();
    expect(strayFiles()).toEqual([]);
    expectStatus(await send(t, 'GET', backupsPath(computeId), { token: owner.token }), 404);
  });

  it('refuses a second backup under way and a compute mid-transition, with the reason', async () => {
    const computeId = await runningCompute();
    await backUpNow(computeId);
    const second = await send(t, 'POST', backupsPath(computeId), { token: owner.token });
    expectStatus(second, 409);
    expect(second.body.detail).toContain('A backup of this compute is being made');
    await t.backups!.settled();
    expectStatus(await action(t, owner.token, teamId, computeId, 'shutdown'), 202);
    const busy = await send(t, 'POST', backupsPath(computeId), { token: owner.token });
    expectStatus(busy, 409);
    expect(busy.body.detail).toContain('The compute is stopping');
  });
});

describe('restoring', () => {
  it('refuses a restore onto a running compute with the reason, and restores onto it once stopped', async () => {
    const computeId = await runningCompute();
    const backup = await settledBackup(computeId, (await backUpNow(computeId)).id);
    const refused = await send(t, 'POST', backupsPath(computeId, `/${backup.id}/restore`), {
      token: owner.token,
      body: { target: 'this' },
    });
    expectStatus(refused, 409);
    expect(refused.body.detail).toContain('a backup is restored onto a stopped compute');
    expect((await listOf(computeId)).settings.restoringBackupId).toBeNull();
    await waitForStatus(t, owner.token, teamId, computeId, 'running');

    await stop(computeId);
    // The restore is held at the hypervisor (75 ms at the simulator's speed, however busy the machine) until
    // the power action below has been refused.
    const held = holdNextRestore();
    const restore = await send(t, 'POST', backupsPath(computeId, `/${backup.id}/restore`), {
      token: owner.token,
      body: { target: 'this' },
    });
    expectStatus(restore, 202);
    expect(restore.body).toMatchObject({ target: 'this', backup: { id: backup.id } });
    expect((await listOf(computeId)).settings.restoringBackupId).toBe(backup.id);
    await held.entered;
    // Meanwhile the compute takes no power action: the hypervisor refuses, it stays stopped.
    expectStatus(await action(t, owner.token, teamId, computeId, 'power_on'), 202);
    await waitForStatus(t, owner.token, teamId, computeId, 'stopped');
    const refusedStart = v.parse(
      computeHistorySchema,
      (await history(t, owner.token, teamId, computeId)).body,
    ).events[0];
    expect(refusedStart).toMatchObject({ action: 'power_on', result: 'failed' });
    held.release();
    await t.backups!.settled();
    expect((await listOf(computeId)).settings.restoringBackupId).toBeNull();
    const events = await backupEvents(computeId);
    expect(events[0]).toMatchObject({ result: 'succeeded', message: expect.stringContaining('is restored') });
    expectStatus(await action(t, owner.token, teamId, computeId, 'power_on'), 202);
    await waitForStatus(t, owner.token, teamId, computeId, 'running');
  });

  it('restores into a new compute of the same plan (idempotent), refusing a hostname taken', async () => {
    const computeId = await runningCompute();
    const backup = await settledBackup(computeId, (await backUpNow(computeId)).id);
    const path = backupsPath(computeId, `/${backup.id}/restore`);
    const hostname = uniqueHostname('restored');
    const withoutKey = await send(t, 'POST', path, { token: owner.token, body: { target: 'new', hostname } });
    expectStatus(withoutKey, 400);
    const made = await send(t, 'POST', path, {
      token: owner.token,
      body: { target: 'new', hostname },
      headers: { 'Idempotency-Key': 'restore-new-0001' },
    });
    expectStatus(made, 202);
    const newId = made.body.computeId as string;
    const running = await waitForStatus(t, owner.token, teamId, newId, 'running');
    expect(running.body.instanceType.id).toBe(
      (await send(t, 'GET', computesPath(teamId, `/${computeId}`), { token: owner.token })).body.instanceType
        .id,
    );
    const again = await send(t, 'POST', path, {
      token: owner.token,
      body: { target: 'new', hostname },
      headers: { 'Idempotency-Key': 'restore-new-0001' },
    });
    expectStatus(again, 202);
    expect(again.body.computeId).toBe(newId);
    const second = await send(t, 'POST', path, {
      token: owner.token,
      body: { target: 'new', hostname },
      headers: { 'Idempotency-Key': 'restore-new-0002' },
    });
    expectStatus(second, 422);
    expect(second.body.errors).toEqual([
      { field: 'hostname', message: `This team already has a compute named ${hostname}.` },
    ]);
    expect((await backupEvents(computeId))[0]?.message).toContain(`into a new compute, ${hostname}`);
  });

  it('answers 404 for another team’s compute and backup, and a backup of another compute', async () => {
    const computeId = await runningCompute();
    const backup = await settledBackup(computeId, (await backUpNow(computeId)).id);
    expectStatus(
      await send(t, 'GET', backupsPath(computeId, '', otherTeamId), { token: outsider.token }),
      404,
    );
    expectStatus(await setEnabled(computeId, true, outsider.token, otherTeamId), 404);
    const otherCompute = await runningCompute();
    const wrong = await send(t, 'POST', backupsPath(otherCompute, `/${backup.id}/restore`), {
      token: owner.token,
      body: { target: 'this' },
    });
    expectStatus(wrong, 404);
    expectStatus(await send(t, 'GET', backupsPath('not-a-uuid'), { token: owner.token }), 404);
  });
});

describe('turning backups on and the daily sweep', () => {
  it('shows the price before turning on; once on, the sweep makes one a day and keeps the newest few', async () => {
    const computeId = await runningCompute();
    const before = await listOf(computeId);
    expect(before.backups).toEqual([]);
    // The plan's price (the default catalog's smallest plan) and a fifth of it for backups.
    const compute = (await send(t, 'GET', computesPath(teamId, `/${computeId}`), { token: owner.token }))
      .body;
    expect(before.settings).toMatchObject({ enabled: false, retention: RETENTION, nextBackupAt: null });
    expect(before.settings.price.sharePercent).toBe(20);
    expect(before.settings.price.monthly.USD).toBe(Math.ceil(compute.instanceType.monthly.USD * 0.2));
    expect(before.settings.price.hourly.RWF).toBe(Math.ceil(compute.instanceType.hourly.RWF * 0.2));

    const on = await setEnabled(computeId, true);
    expectStatus(on, 200);
    const settings = v.parse(backupSettingsSchema, on.body);
    expect(settings.enabled).toBe(true);
    expect(settings.nextBackupAt).toBe(t.clock.now().toISOString());
    expect((await backupEvents(computeId))[0]?.message).toContain('Backups turned on');
    expect((await auditRows(t, teamId)).some((row) => row.action === 'backup.enabled')).toBe(true);

    // The first sweep begins the first backup; a second one the same day begins nothing.
    expect((await t.backups!.sweep()).started).toBe(1);
    await t.backups!.settled();
    expect((await t.backups!.sweep()).started).toBe(0);
    let list = await listOf(computeId);
    expect(list.backups).toHaveLength(1);
    expect(list.backups[0]).toMatchObject({ status: 'available', kind: 'scheduled' });
    expect(list.backups[0]!.virtualSizeBytes).toBe(compute.instanceType.diskGb * 1024 ** 3);
    expect(existsSync(join(backupsDir, `${list.backups[0]!.id}.qcow2`))).toBe(true);
    expect(list.settings.nextBackupAt).toBe(new Date(t.clock.now().getTime() + DAY_MS).toISOString());
    expect(messages).toContainEqual({ type: 'backups.changed', teamId, computeId });

    // Two more days: three backups made, the oldest deleted with its file (retention 2).
    const first = list.backups[0]!.id;
    for (let day = 0; day < 2; day += 1) {
      t.clock.advance(DAY_MS);
      expect((await t.backups!.sweep()).started).toBe(1);
      await t.backups!.settled();
    }
    list = await listOf(computeId);
    expect(list.backups.map((backup) => backup.status)).toEqual(['available', 'available']);
    // A day of backups charged as each daily backup began: three days, three charges in the ledger.
    const charges = await t.identity.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.teamId, teamId), like(ledgerEntries.idempotencyKey, `backups:${computeId}:%`)),
      );
    expect(charges).toHaveLength(3);
    for (const charge of charges) {
      expect(charge).toMatchObject({ kind: 'charge', computeId, hours: 24 });
      expect([-24 * settings.price.hourly.RWF, -24 * settings.price.hourly.USD]).toContain(
        charge.amountMinor,
      );
      expect(charge.description).toContain('Backups of');
    }
    expect(list.backups.map((backup) => backup.id)).not.toContain(first);
    expect(existsSync(join(backupsDir, `${first}.qcow2`))).toBe(false);
    expect(strayFiles()).toEqual([]);

    // Off: no more backups, those made are kept.
    expectStatus(await setEnabled(computeId, false), 200);
    t.clock.advance(DAY_MS);
    expect((await t.backups!.sweep()).started).toBe(0);
    list = await listOf(computeId);
    expect(list.settings).toMatchObject({ enabled: false, nextBackupAt: null });
    expect(list.backups).toHaveLength(2);
  });

  it('ends a daily backup the hypervisor cannot make as failed, with the reason in the history', async () => {
    const computeId = await runningCompute(uniqueHostname('db-fail-backup'));
    expectStatus(await setEnabled(computeId, true), 200);
    expect((await t.backups!.sweep()).started).toBe(1);
    await t.backups!.settled();
    const [failed] = (await listOf(computeId)).backups;
    expect(failed).toMatchObject({ status: 'failed', message: expect.stringContaining('could not be read') });
    expect((await backupEvents(computeId))[0]).toMatchObject({
      result: 'failed',
      message: expect.stringContaining('The backup failed'),
    });
    expect(strayFiles()).toEqual([]);
  });
});

// Running out of balance, on a fake clock: owners are e-mailed once per crossing below the threshold and
// when a charge empties the balance; after the grace period the sweep powers off the team's running
// computes (never destroying them) with the reason in their history; starting and creating computes is
// refused with 402 until a top-up makes the balance positive again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { billingPath, charge, topUpAndPay } from '../support/billing';
import { computesPath, createCompute, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp, inbox } from '../support/identity';
import { auditRows, expectStatus, mailTo, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

async function ownTeam() {
  const owner = await person(t, 'Olive Owner');
  const admin = await person(t, 'Alice Admin');
  const teamId = await teamOf(t, owner, [[admin, 'ADMIN']], 'Kigali Labs');
  return { owner, admin, teamId };
}

async function runningCompute(token: string, teamId: string) {
  const created = await createCompute(t, token, teamId);
  expectStatus(created, 201);
  const id = created.body.compute.id as string;
  await waitForStatus(t, token, teamId, id, 'running');
  return id;
}

describe('low balance alerts', () => {
  it('e-mails the owner and the billing address once per crossing below the threshold', async () => {
    const { owner, admin, teamId } = await ownTeam();
    expectStatus(
      await send(t, 'PUT', billingPath(teamId, '/billing-profile'), {
        token: owner.token,
        body: { billingEmail: 'accounts@kigali-labs.rw', lowBalanceThresholdMinor: 10_000 },
      }),
      200,
    );
    await topUpAndPay(t, owner.token, teamId, 15_000);
    await charge(t, teamId, 3_000);
    expect((await t.billing.sweep()).alertsSent).toBe(0);

    await charge(t, teamId, 3_000); // 9,000: under 10,000
    await charge(t, teamId, 1_000); // still under: no second e-mail
    expect((await t.billing.sweep()).alertsSent).toBe(2);
    const mail = await mailTo(t, owner.email, 'Low balance on Kigali Labs');
    expect(mail.text).toContain('is RWF 8,000, under the alert threshold of RWF 10,000');
    await mailTo(t, 'accounts@kigali-labs.rw', 'Low balance on Kigali Labs');
    expect(await inbox(t, admin.email)).toEqual([]);
    expect((await t.billing.sweep()).alertsSent).toBe(0);

    // Back above the threshold and down again: a new crossing, a new e-mail.
    await topUpAndPay(t, owner.token, teamId, 5_000);
    await charge(t, teamId, 4_000);
    expect((await t.billing.sweep()).alertsSent).toBe(2);
    expect(
      (await inbox(t, owner.email)).filter((m) => m.subject === 'Low balance on Kigali Labs'),
    ).toHaveLength(2);
  });

  it('treats raising the threshold above the balance as a crossing', async () => {
    const { owner, teamId } = await ownTeam();
    await topUpAndPay(t, owner.token, teamId, 8_000);
    await send(t, 'PUT', billingPath(teamId, '/billing-profile'), {
      token: owner.token,
      body: { lowBalanceThresholdMinor: 9_000 },
    });
    await t.identity.deliveries.settled();
    await mailTo(t, owner.email, 'Low balance on Kigali Labs');
    const balance = await send(t, 'GET', billingPath(teamId, '/balance'), { token: owner.token });
    expect(balance.body).toMatchObject({ status: 'low', lowBalanceThresholdMinor: 9_000 });
  });
});

describe('an empty balance', () => {
  it('powers the team’s running computes off after the grace period, and refuses to start them until a top-up', async () => {
    const { owner, teamId } = await ownTeam();
    await topUpAndPay(t, owner.token, teamId, 2_000);
    const web = await runningCompute(owner.token, teamId);
    const db = await runningCompute(owner.token, teamId);
    // A compute in rescue mode runs too: it takes no power action, so it is made to leave rescue first.
    const rescued = await runningCompute(owner.token, teamId);
    expectStatus(
      await send(t, 'POST', computesPath(teamId, `/${rescued}/rescue`), { token: owner.token }),
      202,
    );
    await waitForStatus(t, owner.token, teamId, rescued, 'rescue');
    // Another team's compute is not touched.
    const other = await ownTeam();
    await topUpAndPay(t, other.owner.token, other.teamId, 2_000);
    const theirs = await runningCompute(other.owner.token, other.teamId);

    await charge(t, teamId, 3_500); // -1,500
    const sweep = await t.billing.sweep();
    expect(sweep).toMatchObject({ poweredOff: 0, alertsSent: 1 });
    const mail = await mailTo(t, owner.email, 'The balance of Kigali Labs is empty');
    expect(mail.text).toContain('never destroyed');

    // Creating and starting are refused at once; what runs keeps running through the grace period.
    const created = await createCompute(t, owner.token, teamId);
    expectStatus(created, 402);
    expect(created.body).toMatchObject({
      type: problemTypes.balanceEmpty,
      detail:
        "Your balance (-RWF 1,500, less RWF 30 for the first hours of computes just made) does not cover this plan's first hour (RWF 10). Add money to create computes.",
    });
    t.clock.advance(23 * HOUR);
    expect((await t.billing.sweep()).poweredOff).toBe(0);

    t.clock.advance(HOUR + 1);
    expect(await t.billing.sweep()).toMatchObject({ poweredOff: 2, leftRescue: 1 });
    await waitForStatus(t, owner.token, teamId, rescued, 'running');
    expect((await t.billing.sweep()).poweredOff).toBe(1);
    const rescuedStopped = await waitForStatus(t, owner.token, teamId, rescued, 'stopped');
    expect(rescuedStopped.body.status).toBe('stopped');
    const rescuedHistory = await send(t, 'GET', computesPath(teamId, `/${rescued}/history`), {
      token: owner.token,
    });
    expect(rescuedHistory.body.events.slice(0, 2)).toMatchObject([
      { action: 'power_off', actor: null, message: expect.stringContaining('balance has been empty since') },
      { action: 'unrescue', actor: null, message: expect.stringContaining('Leaving rescue mode because') },
    ]);
    for (const id of [web, db]) {
      const stopped = await waitForStatus(t, owner.token, teamId, id, 'stopped');
      expect(stopped.body.status).toBe('stopped');
      const history = await send(t, 'GET', computesPath(teamId, `/${id}/history`), { token: owner.token });
      expect(history.body.events[0]).toMatchObject({
        action: 'power_off',
        actor: null,
        result: 'succeeded',
        message: expect.stringContaining('balance has been empty since'),
      });
    }
    const theirsNow = await send(t, 'GET', computesPath(other.teamId, `/${theirs}`), {
      token: other.owner.token,
    });
    expect(theirsNow.body.status).toBe('running');
    const audit = (await auditRows(t, teamId)).map((row) => row.action);
    expect(audit).toContain('billing.computes_powered_off');

    const powerOn = await send(t, 'POST', computesPath(teamId, `/${web}/actions`), {
      token: owner.token,
      body: { type: 'power_on' },
    });
    expectStatus(powerOn, 402);
    expect(powerOn.body.detail).toBe('Your balance is -RWF 1,500: add money to start computes again.');

    // A top-up that leaves it still at or under zero does not lift the refusal; a positive one does.
    await topUpAndPay(t, owner.token, teamId, 1_000); // -500
    expect((await send(t, 'GET', billingPath(teamId, '/balance'), { token: owner.token })).body.status).toBe(
      'depleted',
    );
    await topUpAndPay(t, owner.token, teamId, 1_000);
    const again = await send(t, 'POST', computesPath(teamId, `/${web}/actions`), {
      token: owner.token,
      body: { type: 'power_on' },
    });
    expectStatus(again, 202);
    expectStatus(await createCompute(t, owner.token, teamId), 201);
  });
});

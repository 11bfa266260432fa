// The team's billing settings: the profile form with a plain message per field, the currency (only while
// nothing is owed either way, through the billing form or the team's settings alike), and the payment
// methods the provider offers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCredit, UsageSweep } from '../../../server/billing';
import { addMonths, monthStartOf } from '../../../server/billing/metering';
import { billingPath, charge, startTopUp, topUpAndPay } from '../support/billing';
import { computesPath, createCompute, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, person, send, teamOf } from '../support/teams';
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

async function ownTeam() {
  const owner = await person(t, 'Olive Owner');
  return { owner, teamId: await teamOf(t, owner, [], 'Kigali Labs') };
}

const profilePath = (teamId: string) => billingPath(teamId, '/billing-profile');

describe('GET and PUT /teams/:teamId/billing-profile', () => {
  it('starts empty, saves the whole form, and records what changed', async () => {
    const { owner, teamId } = await ownTeam();
    const empty = await send(t, 'GET', profilePath(teamId), { token: owner.token });
    expect(empty.body).toEqual({
      billingEmail: null,
      companyName: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      postalCode: null,
      country: null,
      taxId: null,
      lowBalanceThresholdMinor: 5_000,
      currency: 'RWF',
    });
    const saved = await send(t, 'PUT', profilePath(teamId), {
      token: owner.token,
      body: {
        billingEmail: ' Accounts@Kigali-Labs.RW ',
        companyName: 'Kigali Labs Ltd',
        addressLine1: 'KG 7 Ave 12',
        addressLine2: '',
        city: 'Kigali',
        postalCode: '',
        country: 'rw',
        taxId: '102345678',
        lowBalanceThresholdMinor: 20_000,
      },
    });
    expectStatus(saved, 200);
    expect(saved.body).toEqual({
      billingEmail: 'accounts@kigali-labs.rw',
      companyName: 'Kigali Labs Ltd',
      addressLine1: 'KG 7 Ave 12',
      addressLine2: null,
      city: 'Kigali',
      postalCode: null,
      country: 'RW',
      taxId: '102345678',
      lowBalanceThresholdMinor: 20_000,
      currency: 'RWF',
    });
    const entries = await auditRows(t, teamId);
    expect(entries.map((entry) => entry.action)).toEqual([
      'billing.threshold_changed',
      'billing.profile_changed',
    ]);
    expect(entries[1]!.details).toMatchObject({
      changed: ['billingEmail', 'companyName', 'addressLine1', 'city', 'country', 'taxId'],
    });
    // Saving the same form again changes nothing and records nothing.
    await send(t, 'PUT', profilePath(teamId), {
      token: owner.token,
      body: { ...saved.body, currency: undefined },
    });
    expect(await auditRows(t, teamId)).toHaveLength(2);
  });

  it('says what is wrong beside each field and keeps nothing of a refused form', async () => {
    const { owner, teamId } = await ownTeam();
    const refused = await send(t, 'PUT', profilePath(teamId), {
      token: owner.token,
      body: {
        billingEmail: 'not-an-address',
        companyName: 'x'.repeat(121),
        country: 'Rwanda',
        lowBalanceThresholdMinor: -1,
        currency: 'EUR',
      },
    });
    expectStatus(refused, 422);
    expect(refused.body.errors).toEqual([
      { field: 'billingEmail', message: 'Enter an e-mail address like billing@example.rw.' },
      { field: 'companyName', message: 'Use at most 120 characters for the company name.' },
      { field: 'country', message: 'Choose a country from the list.' },
      { field: 'lowBalanceThresholdMinor', message: 'Enter zero or more.' },
      { field: 'currency', message: expect.any(String) },
    ]);
    const unknown = await send(t, 'PUT', profilePath(teamId), {
      token: owner.token,
      body: { country: 'QQ' },
    });
    expect(unknown.body.errors).toEqual([{ field: 'country', message: 'Choose a country from the list.' }]);
    expect((await send(t, 'GET', profilePath(teamId), { token: owner.token })).body.country).toBeNull();
  });
});

describe('the team’s currency', () => {
  it('changes while the balance is zero and nothing is pending, and resets the threshold to the new currency’s', async () => {
    const { owner, teamId } = await ownTeam();
    await send(t, 'PUT', profilePath(teamId), {
      token: owner.token,
      body: { lowBalanceThresholdMinor: 7_000 },
    });
    const changed = await send(t, 'PUT', profilePath(teamId), {
      token: owner.token,
      body: { currency: 'USD' },
    });
    expectStatus(changed, 200);
    expect(changed.body).toMatchObject({ currency: 'USD', lowBalanceThresholdMinor: 500 });
    const team = await send(t, 'GET', `/teams/${teamId}`, { token: owner.token });
    expect(team.body.currency).toBe('USD');
    const methods = await send(t, 'GET', billingPath(teamId, '/payment-methods'), { token: owner.token });
    expect(methods.body).toEqual({
      provider: 'Sandbox',
      sandbox: true,
      methods: [
        { id: 'sandbox-card', kind: 'card', label: 'Card (sandbox)' },
        { id: 'sandbox-mobile-money', kind: 'mobile_money', label: 'Mobile money (sandbox)' },
      ],
      topUpLimits: { minMinor: 100, maxMinor: 500_000 },
    });
  });

  it('refuses with the reason while a top-up is pending or the balance is not zero, through either form', async () => {
    const { owner, teamId } = await ownTeam();
    const pending = await startTopUp(t, owner.token, teamId, 2_000);
    const whilePending = await send(t, 'PUT', profilePath(teamId), {
      token: owner.token,
      body: { currency: 'USD' },
    });
    expectStatus(whilePending, 409);
    expect(whilePending.body.detail).toMatch(/^A top-up is waiting for payment/);
    // An hour later it has expired: nothing can arrive any more.
    t.clock.advance(61 * 60_000);
    expect(pending.status).toBe(201);

    await topUpAndPay(t, owner.token, teamId, 2_000);
    for (const attempt of [
      () => send(t, 'PUT', profilePath(teamId), { token: owner.token, body: { currency: 'USD' } }),
      () => send(t, 'PATCH', `/teams/${teamId}`, { token: owner.token, body: { currency: 'USD' } }),
    ]) {
      const refused = await attempt();
      expectStatus(refused, 409);
      expect(refused.body.detail).toBe(
        'The currency can change only while the balance is zero: it holds money (or owes it) in the current currency.',
      );
    }
    await charge(t, teamId, 2_000);
    const renamedAndChanged = await send(t, 'PATCH', `/teams/${teamId}`, {
      token: owner.token,
      body: { name: 'Kigali Labs Ltd', currency: 'USD' },
    });
    expectStatus(renamedAndChanged, 200);
    expect(renamedAndChanged.body).toMatchObject({ name: 'Kigali Labs Ltd', currency: 'USD' });
    const balance = await send(t, 'GET', billingPath(teamId, '/balance'), { token: owner.token });
    expect(balance.body).toMatchObject({ currency: 'USD', balanceMinor: 0 });
  });

  it('waits until the usage charged in the current currency is invoiced', async () => {
    const { owner, teamId } = await ownTeam();
    await topUpAndPay(t, owner.token, teamId, 2_000);
    const now = t.clock.now();
    // A compute's first hour, accrued by the sweep; the compute destroyed within it.
    const created = await createCompute(t, owner.token, teamId);
    expectStatus(created, 201);
    const { id, hostname } = created.body.compute;
    await waitForStatus(t, owner.token, teamId, id, 'running');
    expect((await new UsageSweep(t.billing).sweep()).hoursCharged).toBe(1);
    expectStatus(
      await send(t, 'DELETE', computesPath(teamId, `/${id}`), {
        token: owner.token,
        body: { confirmHostname: hostname },
      }),
      202,
    );
    await waitForStatus(t, owner.token, teamId, id, 'gone');
    // What is left of the top-up taken back: the balance is zero, only the usage stands in the way.
    const left = (await send(t, 'GET', billingPath(teamId, '/balance'), { token: owner.token })).body
      .balanceMinor;
    expect(left).toBe(1_990);
    await t.identity.db.transaction((tx) =>
      postCredit(tx, {
        teamId,
        kind: 'adjustment',
        amountMinor: -left,
        description: 'Refund',
        at: t.clock.now(),
      }),
    );
    const refused = await send(t, 'PUT', profilePath(teamId), {
      token: owner.token,
      body: { currency: 'USD' },
    });
    expectStatus(refused, 409);
    const monthStart = monthStartOf(now);
    const day = (date: Date) =>
      date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(refused.body.detail).toBe(
      `The currency can change once the team’s usage is invoiced: its usage since ${day(monthStart)} is invoiced when that month ends, on ${day(addMonths(monthStart, 1))}.`,
    );

    // The month's invoice issued (here: the month is over and the sweep ran), the currency can change.
    t.clock.advance(addMonths(monthStart, 1).getTime() + 60_000 - t.clock.now().getTime());
    expect((await new UsageSweep(t.billing).sweep()).invoicesIssued).toBe(1);
    const token = (await t.identity.sessions.create(owner.id, { userAgent: 'vitest', ip: null })).token;
    const changed = await send(t, 'PUT', profilePath(teamId), { token, body: { currency: 'USD' } });
    expectStatus(changed, 200);
    expect(changed.body.currency).toBe('USD');
  });
});

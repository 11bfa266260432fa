// Metering on a fake clock: a compute is charged its plan's hourly price for every started hour it exists,
// running or stopped, once per hour however often the sweep runs, within the plan's monthly cap, into one
// accrual row per compute and month that the ledger gets as one charge when the month is over; the usage
// endpoint shows the month so far and the projection; the balance stays the ledger's sum less what accrues.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageSweep } from '../../../server/billing';
import { addMonths, firstHourAtOrAfter, meterUsage, monthStartOf } from '../../../server/billing/metering';
import { computes, ledgerEntries, usageAccruals } from '../../../server/db/schema';
import { billingPath, expectBalanceIsSum, sweepUntilCaughtUp, topUpAndPay } from '../support/billing';
import { action, computesPath, createCompute, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let sweep: UsageSweep;
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  sweep = new UsageSweep(t.billing);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

/** Moves the fake clock to `offsetMs` after the start of the next calendar month. */
function toNextMonth(offsetMs: number): Date {
  const target = new Date(addMonths(monthStartOf(t.clock.now()), 1).getTime() + offsetMs);
  t.clock.advance(target.getTime() - t.clock.now().getTime());
  return target;
}

/** A new session: a month on the fake clock outlives the old one. */
async function signInAgain(who: { id: string }): Promise<string> {
  return (await t.identity.sessions.create(who.id, { userAgent: 'vitest', ip: null })).token;
}

async function ownTeam(currency?: 'USD') {
  const owner = await person(t, 'Olive Owner');
  const admin = await person(t, 'Alice Admin');
  const member = await person(t, 'Max Member');
  const teamId = await teamOf(
    t,
    owner,
    [
      [admin, 'ADMIN'],
      [member, 'MEMBER'],
    ],
    'Kigali Labs',
  );
  if (currency) {
    expectStatus(
      await send(t, 'PUT', billingPath(teamId, '/billing-profile'), {
        token: owner.token,
        body: { currency },
      }),
      200,
    );
  }
  await topUpAndPay(t, owner.token, teamId, currency ? 100_000 : 1_000_000);
  return { owner, admin, member, teamId };
}

const hostnames = new Map<string, string>();

async function runningCompute(token: string, teamId: string): Promise<string> {
  const created = await createCompute(t, token, teamId);
  expectStatus(created, 201);
  const id = created.body.compute.id as string;
  hostnames.set(id, created.body.compute.hostname);
  await waitForStatus(t, token, teamId, id, 'running');
  return id;
}

/** The compute's accruals, oldest month first. */
async function accruals(computeId: string) {
  return t.identity.db
    .select()
    .from(usageAccruals)
    .where(eq(usageAccruals.computeId, computeId))
    .orderBy(asc(usageAccruals.monthStart), asc(usageAccruals.firstHourStart));
}

/** The compute's ledger entries (a charge per posted month). */
async function posted(computeId: string) {
  return t.identity.db.select().from(ledgerEntries).where(eq(ledgerEntries.computeId, computeId));
}

describe('metering', () => {
  it('charges every started hour at the hourly rate, running or stopped, once however often it sweeps', async () => {
    toNextMonth(24 * HOUR);
    const { owner, admin, member, teamId } = await ownTeam();
    const id = await runningCompute(owner.token, teamId);
    // s-1vcpu-1gb: RWF 7,000 a month, RWF 10 an hour.
    expect((await sweep.sweep()).hoursCharged).toBe(1);

    t.clock.advance(10 * HOUR);
    expect((await sweep.sweep()).hoursCharged).toBe(10);
    expectStatus(await action(t, owner.token, teamId, id, 'shutdown'), 202);
    await waitForStatus(t, owner.token, teamId, id, 'stopped');
    t.clock.advance(5 * HOUR);
    expectStatus(
      await send(t, 'DELETE', computesPath(teamId, `/${id}`), {
        token: owner.token,
        body: { confirmHostname: hostnames.get(id) },
      }),
      202,
    );
    await waitForStatus(t, owner.token, teamId, id, 'gone');
    expect((await sweep.sweep()).hoursCharged).toBe(4);

    // Created at T, destroyed at T + 15 h: 15 started hours of RWF 10, whatever the power state, in one row
    // updated in place, off the balance already and not in the ledger until the month is over.
    const [accrual, ...more] = await accruals(id);
    expect(more).toEqual([]);
    expect(accrual).toMatchObject({ hours: 15, amountMinor: 150, postedSeq: null });
    expect(accrual!.lastHourEnd.getTime() - accrual!.firstHourStart.getTime()).toBe(15 * HOUR);
    expect(await posted(id)).toEqual([]);

    t.clock.advance(3 * HOUR);
    expect((await sweep.sweep()).hoursCharged).toBe(0);
    expect((await accruals(id))[0]).toMatchObject({ hours: 15, amountMinor: 150 });
    expect(await expectBalanceIsSum(t, teamId)).toBe(1_000_000 - 150);
    const history = await send(t, 'GET', billingPath(teamId, '/ledger'), { token: owner.token });
    expect(history.body.pending).toMatchObject({
      amountMinor: -150,
      balanceAfterMinor: 1_000_000 - 150,
      computes: 1,
    });
    expect(history.body.entries[0]).toMatchObject({ kind: 'top_up', balanceAfterMinor: 1_000_000 });

    const usage = await send(t, 'GET', billingPath(teamId, '/usage'), { token: admin.token });
    expectStatus(usage, 200);
    expect(usage.body).toMatchObject({
      currency: 'RWF',
      monthToDateMinor: 150,
      projectedMonthEndMinor: 150,
      byCompute: [{ computeId: id, hours: 15, rateMinor: 10, amountMinor: 150 }],
    });
    expect(usage.body.daily.at(-1)).toEqual({
      date: t.clock.now().toISOString().slice(0, 10),
      amountMinor: 150,
    });
    expect(usage.body.daily[0].amountMinor).toBe(0);
    expectStatus(await send(t, 'GET', billingPath(teamId, '/usage'), { token: member.token }), 403);
  });

  it('never charges more than the monthly price in a calendar month, and projects within the cap', async () => {
    // USD: s-1vcpu-1gb costs 1 cent an hour, at most 500 cents a month — reached after 500 hours.
    const monthStart = toNextMonth(HOUR);
    const { owner, teamId } = await ownTeam('USD');
    const id = await runningCompute(owner.token, teamId);
    await sweep.sweep();
    const early = await send(t, 'GET', billingPath(teamId, '/usage'), { token: owner.token });
    expect(early.body.monthToDateMinor).toBe(1);
    expect(early.body.projectedMonthEndMinor).toBe(500);

    toNextMonth(2 * HOUR + 30 * 60_000);
    await sweepUntilCaughtUp(sweep);
    const [first, second, ...more] = await accruals(id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ monthStart: monthStartOf(monthStart), hours: 500, amountMinor: 500 });
    // The new month: the hours started at 00:00, 01:00 and 02:00 are charged again.
    expect(second).toMatchObject({
      monthStart: addMonths(monthStartOf(monthStart), 1),
      hours: 3,
      amountMinor: 3,
      postedSeq: null,
    });
    // The month that is over is in the ledger as one charge, and on the month's invoice.
    const [charge, ...others] = await posted(id);
    expect(others).toEqual([]);
    expect(charge).toMatchObject({ kind: 'charge', amountMinor: -500, hours: 500, seq: first!.postedSeq });
    expect(charge!.description).toMatch(/^[a-z0-9-]+ \(.+\), 500 hours in [A-Z][a-z]+ \d{4}$/);
    expect((await sweep.sweep()).hoursCharged).toBe(0);
    expect(await expectBalanceIsSum(t, teamId)).toBe(100_000 - 503);

    const token = await signInAgain(owner);
    const usage = await send(t, 'GET', billingPath(teamId, '/usage'), { token });
    expect(usage.body).toMatchObject({ currency: 'USD', monthToDateMinor: 3, projectedMonthEndMinor: 500 });
  });

  it('leaves a compute at its monthly cap alone until the next month, then charges it again', async () => {
    const monthStart = toNextMonth(HOUR);
    const { owner, teamId } = await ownTeam('USD');
    const id = await runningCompute(owner.token, teamId);
    const cursor = async () => {
      const [row] = await t.identity.db
        .select({ createdAt: computes.createdAt, next: computes.nextMeterAt })
        .from(computes)
        .where(eq(computes.id, id));
      return row!;
    };
    // 600 hours in: past the 500-hour cap, still in the month (every month has at least 672 hours).
    t.clock.advance(600 * HOUR);
    await sweepUntilCaughtUp(sweep);
    const { createdAt, next } = await cursor();
    const nextMonth = firstHourAtOrAfter(createdAt, addMonths(monthStart, 1));
    // The sweep's query skips it (its next hour to look at is the next month's first) instead of reading
    // its charges every minute for the rest of the month.
    expect(next).toEqual(nextMonth);
    t.clock.advance(24 * HOUR);
    await sweepUntilCaughtUp(sweep);
    expect((await cursor()).next).toEqual(nextMonth);
    expect((await accruals(id)).map((row) => row.hours)).toEqual([500]);

    t.clock.advance(nextMonth.getTime() - t.clock.now().getTime() + 1);
    await sweepUntilCaughtUp(sweep);
    expect((await accruals(id)).map((row) => row.hours)).toEqual([500, 1]);
    expect((await cursor()).next).toEqual(new Date(nextMonth.getTime() + HOUR));
  });

  it('spreads a long catch-up over sweeps, and issues a month’s invoices only once all of it is charged', async () => {
    const monthStart = toNextMonth(20 * 24 * HOUR);
    const { owner, teamId } = await ownTeam();
    const first = await runningCompute(owner.token, teamId);
    t.clock.advance(10 * HOUR);
    const second = await runningCompute(owner.token, teamId);
    await sweepUntilCaughtUp(sweep);

    // The server was down from here to the next month: every compute of the database has hours due. A
    // sweep meters two computes at most here: the catch-up takes several, and no month is invoiced before.
    toNextMonth(30 * 60_000);
    const slow = new UsageSweep(t.billing, 2);
    const result = await slow.sweep();
    expect(result).toMatchObject({ meteringBehind: true, invoicesIssued: 0 });
    expect(result.hoursCharged).toBeGreaterThan(0);
    const caughtUp = await sweepUntilCaughtUp(slow);
    expect(caughtUp.invoicesIssued).toBeGreaterThanOrEqual(1);
    expect((await slow.sweep()).hoursCharged).toBe(0);
    const monthEnd = addMonths(monthStart, 1).getTime();
    const hoursOf = async (id: string) => {
      const [month] = await accruals(id);
      expect(month!.monthStart).toEqual(monthStartOf(monthStart));
      return month!.hours;
    };
    const created = async (id: string) =>
      (await t.identity.db.select().from(computes).where(eq(computes.id, id)))[0]!.createdAt.getTime();
    expect(await hoursOf(first)).toBe(Math.ceil((monthEnd - (await created(first))) / HOUR));
    expect(await hoursOf(second)).toBe(Math.ceil((monthEnd - (await created(second))) / HOUR));
    const token = await signInAgain(owner);
    const invoices = await send(t, 'GET', billingPath(teamId, '/invoices'), { token });
    expect(invoices.body.invoices).toHaveLength(1);
    const invoice = await send(t, 'GET', billingPath(teamId, `/invoices/${invoices.body.invoices[0].id}`), {
      token,
    });
    expect(invoice.body.lines.map((line: { computeId: string; hours: number }) => line.hours).sort()).toEqual(
      [await hoursOf(first), await hoursOf(second)].sort(),
    );

    // Metering also stops between computes when the server shuts down.
    t.clock.advance(5 * HOUR);
    const stopped = await meterUsage(t.identity.db, t.clock.now(), { shouldStop: () => true });
    expect(stopped).toEqual({ hoursCharged: 0, computesExamined: 0, teamIds: new Set(), more: true });
  });
});

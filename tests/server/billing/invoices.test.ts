// Monthly invoices on a fake clock: issued once the month is over, numbered without gaps across teams,
// with a line per compute, tax rounded half up, the billing details frozen at issue, paid once the credits
// cover the charges; another team's invoice is not found; the PDF parses and shows what the JSON says.

import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingService, UsageSweep } from '../../../server/billing';
import { taxOf } from '../../../server/billing/config';
import { addMonths, hourStartsBetween, monthStartOf } from '../../../server/billing/metering';
import { computes, teamMembers } from '../../../server/db/schema';
import { billingPath, expectBalanceIsSum, fund, sweepUntilCaughtUp, topUpAndPay } from '../support/billing';
import { createCompute, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, mailTo, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let sweep: UsageSweep;
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  const deps = t.billing.deps;
  sweep = new UsageSweep(new BillingService({ ...deps, config: { ...deps.config, taxRatePercent: '17' } }));
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

function moveTo(target: Date): void {
  t.clock.advance(target.getTime() - t.clock.now().getTime());
}

async function token(who: Person): Promise<string> {
  return (await t.identity.sessions.create(who.id, { userAgent: 'vitest', ip: null })).token;
}

/**
 * A team with one running compute. Computes are prepaid: the team topped up RWF 10,000, or (`paid` false) was
 * credited only the compute's first hour (RWF 10) and so runs into debt.
 */
async function teamWithCompute(name: string, paid: boolean) {
  const owner = await person(t, `${name} Owner`);
  const teamId = await teamOf(t, owner, [], name);
  expectStatus(
    await send(t, 'PUT', billingPath(teamId, '/billing-profile'), {
      token: owner.token,
      body: {
        companyName: `${name} Ltd`,
        addressLine1: 'KG 7 Ave',
        city: 'Kigali',
        country: 'RW',
        taxId: '101234567',
      },
    }),
    200,
  );
  if (paid) await topUpAndPay(t, owner.token, teamId, 10_000);
  else await fund(t, teamId, 10);
  const created = await createCompute(t, owner.token, teamId);
  expectStatus(created, 201);
  await waitForStatus(t, owner.token, teamId, created.body.compute.id, 'running');
  return {
    owner,
    teamId,
    computeId: created.body.compute.id as string,
    hostname: created.body.compute.hostname,
  };
}

describe('tax', () => {
  it('is the subtotal times the rate, rounded half up to a whole minor unit', () => {
    expect(taxOf(50, '17')).toBe(9); // 8.5
    expect(taxOf(150, '16.5')).toBe(25); // 24.75
    expect(taxOf(149, '10')).toBe(15); // 14.9
    expect(taxOf(141, '10')).toBe(14); // 14.1
    expect(taxOf(12_345, '0')).toBe(0);
  });
});

describe('monthly invoices', () => {
  it('issues one per team after the month, numbered in sequence, with lines, tax, total and documents', async () => {
    const month = addMonths(monthStartOf(t.clock.now()), 1);
    moveTo(new Date(month.getTime() + 27 * 24 * HOUR));
    const a = await teamWithCompute('Kigali Labs', true);
    const b = await teamWithCompute('Huye Works', false);
    // Five hours at RWF 10, then the compute goes on into the next month.
    moveTo(new Date(month.getTime() + 27 * 24 * HOUR + 4 * HOUR));
    await sweep.sweep();
    expect((await sweep.sweep()).invoicesIssued).toBe(0);

    const next = addMonths(month, 1);
    moveTo(new Date(next.getTime() + 30 * 60_000));
    const sweepAt = t.clock.now();
    const result = await sweep.sweep();
    expect(result.invoicesIssued).toBe(2);
    expect((await sweep.sweep()).invoicesIssued).toBe(0);

    const ownerA = await token(a.owner);
    const listA = await send(t, 'GET', billingPath(a.teamId, '/invoices'), { token: ownerA });
    expectStatus(listA, 200);
    expect(listA.body.invoices).toHaveLength(1);
    const summaryA = listA.body.invoices[0];
    const ownerB = await token(b.owner);
    const summaryB = (await send(t, 'GET', billingPath(b.teamId, '/invoices'), { token: ownerB })).body
      .invoices[0];
    const numbers = [summaryA.number, summaryB.number].sort();
    expect(numbers[0]).toMatch(new RegExp(`^IK-${sweepAt.getUTCFullYear()}-\\d{6}$`));
    expect(Number(numbers[1].slice(-6)) - Number(numbers[0].slice(-6))).toBe(1);

    const detail = await send(t, 'GET', billingPath(a.teamId, `/invoices/${summaryA.id}`), { token: ownerA });
    expectStatus(detail, 200);
    const hoursInMonth = (next.getTime() - month.getTime()) / HOUR - 27 * 24;
    expect(detail.body).toMatchObject({
      currency: 'RWF',
      periodStart: month.toISOString(),
      periodEnd: next.toISOString(),
      lines: [
        {
          computeId: a.computeId,
          hostname: a.hostname,
          hours: hoursInMonth,
          rateMinor: 10,
          amountMinor: hoursInMonth * 10,
          capped: false,
        },
      ],
      subtotalMinor: hoursInMonth * 10,
      taxRatePercent: '17',
      taxMinor: taxOf(hoursInMonth * 10, '17'),
      totalMinor: hoursInMonth * 10 + taxOf(hoursInMonth * 10, '17'),
      status: 'paid',
      billTo: { teamName: 'Kigali Labs', companyName: 'Kigali Labs Ltd', taxId: '101234567', city: 'Kigali' },
    });
    // Team B paid only the first hour: unpaid until a top-up covers it.
    expect(summaryB.status).toBe('unpaid');
    await topUpAndPay(t, ownerB, b.teamId, 10_000);
    expect((await sweep.sweep()).invoicesPaid).toBe(1);
    const paidB = await send(t, 'GET', billingPath(b.teamId, `/invoices/${summaryB.id}`), { token: ownerB });
    expect(paidB.body.status).toBe('paid');
    expect(await expectBalanceIsSum(t, b.teamId)).toBeGreaterThan(0);

    // Another team's invoice is not found, through either team's path.
    expectStatus(
      await send(t, 'GET', billingPath(b.teamId, `/invoices/${summaryA.id}`), { token: ownerB }),
      404,
    );
    expectStatus(
      await send(t, 'GET', billingPath(b.teamId, `/invoices/${summaryA.id}/pdf`), { token: ownerB }),
      404,
    );
    expectStatus(
      await send(t, 'GET', billingPath(a.teamId, `/invoices/${summaryA.id}`), { token: ownerB }),
      404,
    );

    const pdf = await t.app.request(billingPath(a.teamId, `/invoices/${summaryA.id}/pdf`), {
      headers: { Authorization: `Bearer ${ownerA}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${summaryA.number}.pdf"`);
    const document = await getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), verbosity: 0 })
      .promise;
    expect(document.numPages).toBe(1);
    const page = await document.getPage(1);
    const text = (await page.getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('\n');
    expect(text).toContain(summaryA.number);
    expect(text).toContain('Kigali Labs Ltd');
    expect(text).toContain(a.hostname);
    expect(text).toContain(`RWF ${detail.body.totalMinor.toLocaleString('en')}`);

    const csv = await t.app.request(billingPath(a.teamId, `/invoices/${summaryA.id}/csv`), {
      headers: { Authorization: `Bearer ${ownerA}` },
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await csv.text())
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(rows[0]).toEqual([
      'invoice',
      'period_start',
      'period_end',
      'currency',
      'compute_id',
      'hostname',
      'plan',
      'hours',
      'rate_minor',
      'amount_minor',
    ]);
    expect(rows).toHaveLength(5);
    expect(rows[1]!.slice(4, 6)).toEqual([a.computeId, a.hostname]);
    expect(rows[1]!.slice(7)).toEqual([String(hoursInMonth), '10', String(hoursInMonth * 10)]);
    expect(rows.slice(2).map((row) => [row[5], row[9]])).toEqual([
      ['Subtotal', String(detail.body.subtotalMinor)],
      ['Tax 17%', String(detail.body.taxMinor)],
      ['Total', String(detail.body.totalMinor)],
    ]);
  });
});

describe('the sandbox’s simulated month end', () => {
  it('charges the month in full, issues its invoice now, and leaves later usage to a second invoice', async () => {
    const month = addMonths(monthStartOf(t.clock.now()), 1);
    moveTo(new Date(month.getTime() + 20 * 24 * HOUR + 15 * 60_000));
    const admin = await person(t, 'Ada Admin');
    const a = await teamWithCompute('Musanze Cloud', true);
    await t.identity.db.insert(teamMembers).values({
      teamId: a.teamId,
      userId: admin.id,
      role: 'ADMIN',
      status: 'ACTIVE',
    });
    const [created] = await t.identity.db
      .select({ createdAt: computes.createdAt })
      .from(computes)
      .where(eq(computes.id, a.computeId));
    const next = addMonths(month, 1);
    const hoursToMonthEnd = hourStartsBetween(created!.createdAt, created!.createdAt, next);
    const path = billingPath(a.teamId, '/sandbox/month-end');

    // Only the owner may; another team's owner is told there is no such team.
    expectStatus(await send(t, 'POST', path, { token: admin.token }), 403);
    const stranger = await person(t, 'Sam Stranger');
    expectStatus(await send(t, 'POST', path, { token: stranger.token }), 404);

    const simulated = await send(t, 'POST', path, { token: a.owner.token });
    expectStatus(simulated, 200);
    expect(simulated.body.hoursCharged).toBe(hoursToMonthEnd);
    const summary = simulated.body.invoice;
    expect(summary).toMatchObject({ periodStart: month.toISOString(), periodEnd: next.toISOString() });
    const detail = await send(t, 'GET', billingPath(a.teamId, `/invoices/${summary.id}`), {
      token: a.owner.token,
    });
    expect(detail.body.lines).toEqual([
      expect.objectContaining({
        computeId: a.computeId,
        hours: hoursToMonthEnd,
        amountMinor: hoursToMonthEnd * 10,
      }),
    ]);
    expect(detail.body.totalMinor).toBe(
      hoursToMonthEnd * 10 + taxOf(hoursToMonthEnd * 10, detail.body.taxRatePercent),
    );
    await mailTo(t, a.owner.email, `Invoice ${summary.number} for Musanze Cloud`);
    const actions = (await auditRows(t, a.teamId)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['billing.invoice_issued', 'billing.month_end_simulated']),
    );
    expect(await expectBalanceIsSum(t, a.teamId)).toBe(10_000 - detail.body.totalMinor);

    // Again: nothing more to charge or invoice.
    const again = await send(t, 'POST', path, { token: a.owner.token });
    expect(again.body).toEqual({ hoursCharged: 0, invoice: null });

    // A compute made later in the month is charged as usual, and invoiced when the month really ends.
    const later = await createCompute(t, a.owner.token, a.teamId);
    expectStatus(later, 201);
    moveTo(new Date(month.getTime() + 21 * 24 * HOUR));
    await sweep.sweep();
    moveTo(new Date(next.getTime() + 30 * 60_000));
    expect((await sweepUntilCaughtUp(sweep)).invoicesIssued).toBeGreaterThanOrEqual(1);
    const ownerNow = await token(a.owner);
    const list = await send(t, 'GET', billingPath(a.teamId, '/invoices'), { token: ownerNow });
    const forMonth = list.body.invoices.filter(
      (invoice: { periodStart: string }) => invoice.periodStart === month.toISOString(),
    );
    expect(forMonth).toHaveLength(2);
    const second = forMonth.find((invoice: { id: string }) => invoice.id !== summary.id);
    const secondDetail = await send(t, 'GET', billingPath(a.teamId, `/invoices/${second.id}`), {
      token: ownerNow,
    });
    expect(secondDetail.body.lines.map((line: { computeId: string }) => line.computeId)).toEqual([
      later.body.compute.id,
    ]);
    expect((await sweep.sweep()).invoicesIssued).toBe(0);
  });

  it('charges a whole month made early in it, within the plan’s monthly cap', async () => {
    const month = addMonths(monthStartOf(t.clock.now()), 1);
    moveTo(new Date(month.getTime() + HOUR + 5 * 60_000));
    const a = await teamWithCompute('Rubavu Hosting', true);
    const [created] = await t.identity.db
      .select({ createdAt: computes.createdAt })
      .from(computes)
      .where(eq(computes.id, a.computeId));
    const hours = hourStartsBetween(created!.createdAt, created!.createdAt, addMonths(month, 1));
    expect(hours).toBeGreaterThan(700);
    const simulated = await send(t, 'POST', billingPath(a.teamId, '/sandbox/month-end'), {
      token: a.owner.token,
    });
    expectStatus(simulated, 200);
    // RWF 10 an hour, at most RWF 7,000 a month: 700 hours are charged, the rest of the month is free.
    expect(simulated.body.hoursCharged).toBe(700);
    const detail = await send(t, 'GET', billingPath(a.teamId, `/invoices/${simulated.body.invoice.id}`), {
      token: a.owner.token,
    });
    expect(detail.body.lines).toEqual([
      expect.objectContaining({ hours, rateMinor: 10, amountMinor: 7_000, capped: true }),
    ]);
  });
});

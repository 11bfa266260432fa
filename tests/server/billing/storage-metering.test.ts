// Volumes and team images are charged on a fake clock as DigitalOcean and Hetzner charge them: by the started
// hour at their size's share of the monthly price per GB-month, never more than the monthly price in a
// calendar month, from when they exist until they are deleted — a grow changes the rate from the next hour —
// once per hour however often the sweep runs (or how many servers run it), into the month's accruals that the
// ledger gets as charges when the month is over, and on the month's invoice, its PDF and CSV as their own
// lines (name, size, hours, amount), in the team's currency.
import { asc, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Invoice,
  invoiceListSchema,
  invoiceSchema,
  ledgerPageSchema,
  usageSchema,
} from '@/contract/billing';
import { imageSchema } from '@/contract/images';
import { volumeAnswerSchema } from '@/contract/volumes';
import { UsageSweep } from '../../../server/billing';
import { addMonths, monthStartOf } from '../../../server/billing/metering';
import { ledgerEntries, storageAccruals, storageMeters, teams } from '../../../server/db/schema';
import { billingPath, expectBalanceIsSum, fund, sweepUntilCaughtUp } from '../support/billing';
import {
  action,
  computeRequest,
  createCompute,
  RM,
  uniqueHostname,
  waitForStatus,
} from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let sweep: UsageSweep;
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  sweep = new UsageSweep(t.billing);
});
afterAll(async () => {
  await t?.images?.settled();
  await t?.computes.close();
  await database?.dispose();
});

/** Moves the fake clock to `offsetMs` after the start of the next calendar month (of 31 days, if asked). */
function toNextMonth(offsetMs: number, days?: number): Date {
  let month = addMonths(monthStartOf(t.clock.now()), 1);
  while (days && (addMonths(month, 1).getTime() - month.getTime()) / (24 * HOUR) !== days) {
    month = addMonths(month, 1);
  }
  const target = new Date(month.getTime() + offsetMs);
  t.clock.advance(target.getTime() - t.clock.now().getTime());
  return target;
}

/** A team with money, its owner signed in afresh (a month on the fake clock outlives a session). */
async function fundedTeam(name: string, currency?: 'USD') {
  const owner = await person(t, name);
  const teamId = await teamOf(t, owner, [], `${name}'s team`);
  if (currency) {
    expectStatus(
      await send(t, 'PUT', billingPath(teamId, '/billing-profile'), {
        token: owner.token,
        body: { currency },
      }),
      200,
    );
  }
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
  await fund(t, teamId, currency ? 100_000 : 1_000_000);
  return { owner, teamId, token: () => signIn(owner.id) };
}

async function signIn(userId: string): Promise<string> {
  return (await t.identity.sessions.create(userId, { userAgent: 'vitest', ip: null })).token;
}

/** The thing's accrual rows, oldest month and smallest size first. */
async function accruals(meterId: string) {
  const rows = await t.identity.db
    .select()
    .from(storageAccruals)
    .where(eq(storageAccruals.meterId, meterId))
    .orderBy(asc(storageAccruals.monthStart), asc(storageAccruals.sizeGb));
  return rows.map((row) => ({
    month: row.monthStart.toISOString().slice(0, 7),
    sizeGb: row.sizeGb,
    hours: row.hours,
    amountMinor: row.amountMinor,
    posted: row.postedSeq !== null,
  }));
}

async function balanceOf(token: string, teamId: string): Promise<number> {
  const answer = await send(t, 'GET', billingPath(teamId, '/balance'), { token });
  expectStatus(answer, 200);
  return answer.body.balanceMinor as number;
}

async function pdfText(token: string, teamId: string, invoiceId: string): Promise<string> {
  const pdf = await t.app.request(billingPath(teamId, `/invoices/${invoiceId}/pdf`), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(pdf.status).toBe(200);
  const document = await getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), verbosity: 0 }).promise;
  const page = await document.getPage(1);
  return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

async function monthInvoice(token: string, teamId: string, month: Date): Promise<Invoice> {
  const list = v.parse(
    invoiceListSchema,
    (await send(t, 'GET', billingPath(teamId, '/invoices'), { token })).body,
  );
  const summary = list.invoices.find((invoice) => invoice.periodStart === month.toISOString());
  expect(summary, 'the month has an invoice').toBeDefined();
  const answer = await send(t, 'GET', billingPath(teamId, `/invoices/${summary!.id}`), { token });
  expectStatus(answer, 200);
  return v.parse(invoiceSchema, answer.body);
}

describe('volumes are charged by the hour at their size', () => {
  it('charges a volume made mid-hour, grown and deleted once per started hour, on the invoice and its PDF', async () => {
    const start = toNextMonth(24 * HOUR + 40 * MINUTE);
    const month = monthStartOf(start);
    const { teamId, token } = await fundedTeam('Vera Volumes');
    const before = await balanceOf(await token(), teamId);
    const made = await send(t, 'POST', `${RM}/teams/${teamId}/volumes`, {
      token: await token(),
      body: { name: 'data', sizeGb: 10, locationId: 'kgl1' },
    });
    expectStatus(made, 201);
    const volume = v.parse(volumeAnswerSchema, made.body).volume;
    const at = (ms: number) => t.clock.advance(start.getTime() + ms - t.clock.now().getTime());

    // 10 GB at RWF 140 per GB-month: RWF 1,400 a month; each started hour its 730th, rounded up.
    await sweep.sweep();
    expect(await accruals(volume.id)).toEqual([
      { month: month.toISOString().slice(0, 7), sizeGb: 10, hours: 1, amountMinor: 2, posted: false },
    ]);
    // Swept again in the same hour: nothing more.
    await sweep.sweep();
    expect((await accruals(volume.id))[0]).toMatchObject({ hours: 1, amountMinor: 2 });

    at(10 * HOUR);
    await sweep.sweep();
    expect((await accruals(volume.id))[0]).toMatchObject({ hours: 11, amountMinor: 22 });

    // Two servers sweeping the same hour at once charge it once.
    at(11 * HOUR);
    const other = new UsageSweep(t.billing);
    await Promise.all([sweep.sweep(), other.sweep()]);
    expect((await accruals(volume.id))[0]).toMatchObject({ hours: 12, amountMinor: 24 });

    // Grown at 11 h 30: the hour under way stays at 10 GB, the next starts at 20 GB (RWF 2,800 a month).
    at(11 * HOUR + 30 * MINUTE);
    expectStatus(
      await send(t, 'POST', `${RM}/teams/${teamId}/volumes/${volume.id}/resize`, {
        token: await token(),
        body: { sizeGb: 20 },
      }),
      200,
    );
    await sweep.sweep();
    expect(await accruals(volume.id)).toHaveLength(1);
    at(12 * HOUR);
    await sweep.sweep();
    expect(
      (await accruals(volume.id)).map(({ sizeGb, hours, amountMinor }) => ({ sizeGb, hours, amountMinor })),
    ).toEqual([
      { sizeGb: 10, hours: 12, amountMinor: 24 },
      { sizeGb: 20, hours: 1, amountMinor: 4 },
    ]);

    // Deleted at 14 h 10: the hours that started at 12, 13 and 14 h are charged, none after.
    at(14 * HOUR + 10 * MINUTE);
    expectStatus(
      await send(t, 'DELETE', `${RM}/teams/${teamId}/volumes/${volume.id}`, { token: await token() }),
      204,
    );
    await sweep.sweep();
    at(20 * HOUR);
    await sweep.sweep();
    expect(
      (await accruals(volume.id)).map(({ sizeGb, hours, amountMinor }) => ({ sizeGb, hours, amountMinor })),
    ).toEqual([
      { sizeGb: 10, hours: 12, amountMinor: 24 },
      { sizeGb: 20, hours: 3, amountMinor: 12 },
    ]);
    const meters = await t.identity.db.select().from(storageMeters).where(eq(storageMeters.id, volume.id));
    expect(meters, 'the meter goes once its last hour is charged').toEqual([]);

    // Off the balance already, accruing in the ledger's pending row and the month's usage.
    expect(await balanceOf(await token(), teamId)).toBe(before - 36);
    expect(await expectBalanceIsSum(t, teamId)).toBe(before - 36);
    const ledger = v.parse(
      ledgerPageSchema,
      (await send(t, 'GET', billingPath(teamId, '/ledger'), { token: await token() })).body,
    );
    expect(ledger.pending).toMatchObject({ amountMinor: -36, computes: 0, volumes: 1, images: 0 });
    const usage = v.parse(
      usageSchema,
      (await send(t, 'GET', billingPath(teamId, '/usage'), { token: await token() })).body,
    );
    expect(usage.monthToDateMinor).toBe(36);
    expect(usage.projectedMonthEndMinor, 'a deleted volume adds nothing more').toBe(36);
    expect(
      usage.byStorage.map(({ name, sizeGb, hours, amountMinor }) => ({ name, sizeGb, hours, amountMinor })),
    ).toEqual([
      { name: 'data', sizeGb: 10, hours: 12, amountMinor: 24 },
      { name: 'data', sizeGb: 20, hours: 3, amountMinor: 12 },
    ]);
    expect(usage.daily.find((day) => day.date === start.toISOString().slice(0, 10))?.amountMinor).toBe(36);

    // The month over: two ledger charges, and the invoice's storage lines, PDF and CSV.
    toNextMonth(10 * MINUTE);
    await sweepUntilCaughtUp(sweep);
    const charges = await t.identity.db
      .select({ description: ledgerEntries.description, amountMinor: ledgerEntries.amountMinor })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.teamId, teamId))
      .orderBy(asc(ledgerEntries.seq));
    const monthName = month.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(charges.slice(1)).toEqual([
      { description: `Volume “data”, 10 GB, 12 hours in ${monthName}`, amountMinor: -24 },
      { description: `Volume “data”, 20 GB, 3 hours in ${monthName}`, amountMinor: -12 },
    ]);
    const invoice = await monthInvoice(await token(), teamId, month);
    expect(invoice.lines).toEqual([]);
    expect(invoice.storageLines).toEqual([
      {
        kind: 'volume',
        id: volume.id,
        name: 'data',
        sizeGb: 10,
        hours: 12,
        monthlyMinor: 1400,
        amountMinor: 24,
        capped: false,
      },
      {
        kind: 'volume',
        id: volume.id,
        name: 'data',
        sizeGb: 20,
        hours: 3,
        monthlyMinor: 2800,
        amountMinor: 12,
        capped: false,
      },
    ]);
    expect(invoice).toMatchObject({ currency: 'RWF', subtotalMinor: 36, totalMinor: 36, status: 'paid' });
    const text = await pdfText(await token(), teamId, invoice.id);
    console.log(
      `invoice PDF storage table: ${text.slice(text.indexOf('Storage'), text.indexOf('Subtotal'))}`,
    );
    expect(text).toMatch(/Storage\s+Size\s+Hours\s+Price \/ month\s+Amount/);
    expect(text).toMatch(/Volume data\s+10 GB\s+12\s+RWF 1,400\s+RWF 24/);
    expect(text).toMatch(/Volume data\s+20 GB\s+3\s+RWF 2,800\s+RWF 12/);
    expect(text).toMatch(/Total\s+RWF 36/);
    const csv = await (
      await t.app.request(billingPath(teamId, `/invoices/${invoice.id}/csv`), {
        headers: { Authorization: `Bearer ${await token()}` },
      })
    ).text();
    expect(csv).toContain(`${volume.id},data,Volume 10 GB,12,,24`);
    expect(csv).toContain(`${volume.id},data,Volume 20 GB,3,,12`);
    await expectBalanceIsSum(t, teamId);
  });

  it('never charges more than the monthly price in a calendar month, in cents for a USD team, then charges the next month again', async () => {
    const start = toNextMonth(5 * MINUTE, 31);
    const month = monthStartOf(start);
    const { teamId, token } = await fundedTeam('Cap Volumes', 'USD');
    const made = await send(t, 'POST', `${RM}/teams/${teamId}/volumes`, {
      token: await token(),
      body: { name: 'archive', sizeGb: 10, locationId: 'kgl1' },
    });
    expectStatus(made, 201);
    const volume = v.parse(volumeAnswerSchema, made.body).volume;
    await sweep.sweep();
    // 10 GB at USD 0.10 per GB-month: 100 cents a month; the first hour is a cent.
    expect((await accruals(volume.id))[0]).toMatchObject({ hours: 1, amountMinor: 1 });

    // 31 days: 744 started hours, whose share (102 cents) is more than the month's price.
    toNextMonth(10 * MINUTE);
    await sweepUntilCaughtUp(sweep);
    const rows = await accruals(volume.id);
    expect(rows[0]).toEqual({
      month: month.toISOString().slice(0, 7),
      sizeGb: 10,
      hours: 744,
      amountMinor: 100,
      posted: true,
    });
    expect(rows[1], 'the next month starts again').toMatchObject({
      sizeGb: 10,
      hours: 1,
      amountMinor: 1,
      posted: false,
    });
    const invoice = await monthInvoice(await token(), teamId, month);
    expect(invoice.storageLines).toEqual([
      {
        kind: 'volume',
        id: volume.id,
        name: 'archive',
        sizeGb: 10,
        hours: 744,
        monthlyMinor: 100,
        amountMinor: 100,
        capped: true,
      },
    ]);
    expect(invoice).toMatchObject({ currency: 'USD', subtotalMinor: 100 });
    const text = await pdfText(await token(), teamId, invoice.id);
    expect(text).toMatch(/Volume archive\s+10 GB\s+744\s+\$1\.00\s+monthly cap \$1\.00/);
    console.log(
      `a 10 GB volume for a 31-day month (USD): ${rows[0]!.hours} hours, ${rows[0]!.amountMinor} cents`,
    );
    await expectBalanceIsSum(t, teamId);
  });
});

describe('team images are charged by the hour on their file’s size', () => {
  it('charges a captured image from when it is available until it is deleted, on its file’s size, by its current name', async () => {
    const start = toNextMonth(2 * HOUR);
    const month = monthStartOf(start);
    const { teamId, token } = await fundedTeam('Ines Images');
    const created = await createCompute(
      t,
      await token(),
      teamId,
      computeRequest({ hostname: uniqueHostname('img') }),
    );
    expectStatus(created, 201);
    const computeId = created.body.compute.id as string;
    await waitForStatus(t, await token(), teamId, computeId, 'running');
    expectStatus(await action(t, await token(), teamId, computeId, 'power_off'), 202);
    await waitForStatus(t, await token(), teamId, computeId, 'stopped');
    const captured = await send(t, 'POST', `${RM}/teams/${teamId}/images`, {
      token: await token(),
      body: { computeId, name: 'golden' },
    });
    expectStatus(captured, 202);
    const imageId = captured.body.id as string;
    // Creating: nothing to charge yet.
    expect(await t.identity.db.select().from(storageMeters).where(eq(storageMeters.id, imageId))).toEqual([]);
    await t.images!.settled();
    const image = v.parse(
      imageSchema,
      (await send(t, 'GET', `${RM}/teams/${teamId}/images/${imageId}`, { token: await token() })).body,
    );
    expect(image.status).toBe('available');
    // Its 25 GB disk is a file of well under a GB (the simulator's capture is empty): billed 1 GB, RWF 70 a month.
    expect(image.virtualSizeBytes).toBeGreaterThan(20 * 1024 ** 3);
    expect(image.sizeBytes).toBeLessThan(1024 ** 3);

    await sweep.sweep();
    expect(await accruals(imageId)).toEqual([
      { month: month.toISOString().slice(0, 7), sizeGb: 1, hours: 1, amountMinor: 1, posted: false },
    ]);
    t.clock.advance(29 * HOUR);
    await sweep.sweep();
    await sweep.sweep();
    expect((await accruals(imageId))[0]).toMatchObject({ hours: 30, amountMinor: 3 });

    expectStatus(
      await send(t, 'PATCH', `${RM}/teams/${teamId}/images/${imageId}`, {
        token: await token(),
        body: { name: 'golden v2' },
      }),
      200,
    );
    t.clock.advance(30 * MINUTE);
    expectStatus(
      await send(t, 'DELETE', `${RM}/teams/${teamId}/images/${imageId}`, { token: await token() }),
      204,
    );
    t.clock.advance(10 * HOUR);
    await sweep.sweep();
    expect((await accruals(imageId))[0], 'no hour after its deletion').toMatchObject({
      hours: 30,
      amountMinor: 3,
    });

    toNextMonth(10 * MINUTE);
    await sweepUntilCaughtUp(sweep);
    const invoice = await monthInvoice(await token(), teamId, month);
    expect(invoice.storageLines).toEqual([
      {
        kind: 'image',
        id: imageId,
        name: 'golden v2',
        sizeGb: 1,
        hours: 30,
        monthlyMinor: 70,
        amountMinor: 3,
        capped: false,
      },
    ]);
    expect(invoice.lines.map((line) => line.computeId)).toEqual([computeId]);
    expect(invoice.subtotalMinor).toBe(invoice.lines[0]!.amountMinor + 3);
    expect(await pdfText(await token(), teamId, invoice.id)).toMatch(
      /Image golden v2\s+1 GB\s+30\s+RWF 70\s+RWF 3/,
    );
    await expectBalanceIsSum(t, teamId);
  });
});

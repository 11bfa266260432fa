// Backups on the month's invoice, on a fake clock with the backup sweep on the hypervisor simulator: a day of
// backups is charged to the balance as each compute's daily backup begins (capped at the monthly backup
// price), and the month's invoice lists them, one line per compute (days, a day's price, amount, the cap),
// in its JSON, PDF and CSV, its total being exactly what the ledger charged for the month. The sandbox's
// simulated month end lists the days begun so far; a day begun after it goes on a second invoice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gte, like, lt } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Invoice, invoiceListSchema, invoiceSchema } from '@/contract/billing';
import { createdComputeSchema } from '@/contract/computes';
import { backupPriceOf } from '@/domain/backups';
import { BillingService, UsageSweep } from '../../../server/billing';
import { chargeBackupDay } from '../../../server/billing/backup-charges';
import { taxOf } from '../../../server/billing/config';
import { addMonths, monthStartOf } from '../../../server/billing/metering';
import { ledgerEntries } from '../../../server/db/schema';
import { billingPath, expectBalanceIsSum, fundedTeamOf, sweepUntilCaughtUp } from '../support/billing';
import { computeRequest, createCompute, RM, uniqueHostname, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const DAY = 24 * 3_600_000;
const MINUTE = 60_000;
/** The default plan (s-1vcpu-1gb): RWF 10 an hour, 7,000 a month; backups 20 % of it. */
const BACKUP_DAY = 24 * Math.ceil(10 * 0.2);
const BACKUP_MONTH = Math.ceil(7_000 * 0.2);

let database: TestDatabase;
let t: IdentityTestApp;
let sweep: UsageSweep;
const backupsDir = mkdtempSync(join(tmpdir(), 'ikirere-backup-invoices-'));

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, { backupsDir, backupRetention: 1 });
  const deps = t.billing.deps;
  sweep = new UsageSweep(new BillingService({ ...deps, config: { ...deps.config, taxRatePercent: '18' } }));
});
afterAll(async () => {
  await t?.backups?.settled();
  await t?.computes.close();
  await database?.dispose();
  rmSync(backupsDir, { recursive: true, force: true });
});

/** Moves the fake clock to `offsetMs` after the start of the next calendar month (of 31 days, if asked). */
function toNextMonth(offsetMs: number, days?: number): Date {
  let month = addMonths(monthStartOf(t.clock.now()), 1);
  while (days && (addMonths(month, 1).getTime() - month.getTime()) / DAY !== days) {
    month = addMonths(month, 1);
  }
  const target = new Date(month.getTime() + offsetMs);
  t.clock.advance(target.getTime() - t.clock.now().getTime());
  return target;
}

async function signIn(who: Person): Promise<string> {
  return (await t.identity.sessions.create(who.id, { userAgent: 'vitest', ip: null })).token;
}

async function plainCompute(owner: Person, teamId: string, prefix: string) {
  const hostname = uniqueHostname(prefix);
  const token = await signIn(owner);
  const created = await createCompute(t, token, teamId, computeRequest({ hostname }));
  expectStatus(created, 201);
  const { compute } = v.parse(createdComputeSchema, created.body);
  await waitForStatus(t, token, teamId, compute.id, 'running');
  return compute;
}

async function computeWithBackups(owner: Person, teamId: string, prefix: string) {
  const compute = await plainCompute(owner, teamId, prefix);
  await setBackups(owner, teamId, compute.id, true);
  return compute;
}

async function setBackups(owner: Person, teamId: string, computeId: string, enabled: boolean) {
  const path = `${RM}/teams/${teamId}/computes/${computeId}/backups/settings`;
  expectStatus(await send(t, 'PUT', path, { token: await signIn(owner), body: { enabled } }), 200);
}

/** The day's backup sweep, to the end of the backups it began. */
async function backUpToday(): Promise<number> {
  const { started } = await t.backups!.sweep();
  await t.backups!.settled();
  return started;
}

/** What the ledger charged the team for the month (usage, backups, tax): a positive sum. */
async function chargedInMonth(teamId: string, month: Date, keyLike = '%'): Promise<number> {
  const rows = await t.identity.db
    .select({ amountMinor: ledgerEntries.amountMinor, key: ledgerEntries.idempotencyKey })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.teamId, teamId),
        eq(ledgerEntries.kind, 'charge'),
        gte(ledgerEntries.periodStart, month),
        lt(ledgerEntries.periodStart, addMonths(month, 1)),
        like(ledgerEntries.idempotencyKey, keyLike),
      ),
    );
  return rows.reduce((sum, row) => sum - row.amountMinor, 0);
}

async function invoicesOf(owner: Person, teamId: string, month: Date): Promise<Invoice[]> {
  const token = await signIn(owner);
  const list = v.parse(
    invoiceListSchema,
    (await send(t, 'GET', billingPath(teamId, '/invoices'), { token })).body,
  );
  const invoices: Invoice[] = [];
  for (const summary of list.invoices.filter((invoice) => invoice.periodStart === month.toISOString())) {
    const answer = await send(t, 'GET', billingPath(teamId, `/invoices/${summary.id}`), { token });
    expectStatus(answer, 200);
    invoices.push(v.parse(invoiceSchema, answer.body));
  }
  return invoices.sort((a, b) => a.number.localeCompare(b.number));
}

async function file(owner: Person, teamId: string, invoiceId: string, format: 'pdf' | 'csv') {
  const answer = await t.app.request(billingPath(teamId, `/invoices/${invoiceId}/${format}`), {
    headers: { Authorization: `Bearer ${await signIn(owner)}` },
  });
  expect(answer.status).toBe(200);
  return answer;
}

async function pdfText(owner: Person, teamId: string, invoiceId: string): Promise<string> {
  const bytes = new Uint8Array(await (await file(owner, teamId, invoiceId, 'pdf')).arrayBuffer());
  const document = await getDocument({ data: bytes, verbosity: 0 }).promise;
  const page = await document.getPage(1);
  return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

/** The invoice's total is its lines' and the tax, and every line's amount what the ledger charged. */
function expectTotalOfLines(invoice: Invoice) {
  const lines = [...invoice.lines, ...invoice.storageLines, ...invoice.backupLines];
  const subtotal = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  expect(invoice.subtotalMinor).toBe(subtotal);
  expect(invoice.taxMinor).toBe(taxOf(subtotal, invoice.taxRatePercent));
  expect(invoice.totalMinor).toBe(subtotal + invoice.taxMinor);
}

describe('backups on the invoice', () => {
  // 20 s at a load of 15 on 2 cores (a month of metering, 31 days' charges, the PDF).
  it('lists each compute’s days of backups, the capped one at the monthly price, and the total is the ledger’s', {
    timeout: 90_000,
  }, async () => {
    const start = toNextMonth(5 * MINUTE, 31);
    const month = monthStartOf(start);
    const owner = await person(t, 'Bo Backups');
    const teamId = await fundedTeamOf(t, owner, [], 'Backed-up team');
    const web = await computeWithBackups(owner, teamId, 'a-web');
    const db = await plainCompute(owner, teamId, 'b-db');

    // Web's daily backups run two days, then are turned off. Db's 31 days are charged as the backup sweep
    // charges a day (chargeBackupDay), without making 31 backups on the simulator (20 s on a busy machine).
    for (let day = 0; day < 31; day += 1) {
      if (day < 2) expect(await backUpToday()).toBe(1);
      if (day === 1) await setBackups(owner, teamId, web.id, false);
      await t.identity.db.transaction((tx) =>
        chargeBackupDay(tx, {
          teamId,
          computeId: db.id,
          hostname: db.hostname,
          ...backupPriceOf(db.instanceType),
          at: t.clock.now(),
        }),
      );
      if (day < 30) t.clock.advance(DAY);
    }
    // 29 whole days and 8 of the 30th reach db's monthly backup price; its 31st backup charges nothing.
    expect(await chargedInMonth(teamId, month, `backups:${web.id}:%`)).toBe(2 * BACKUP_DAY);
    expect(await chargedInMonth(teamId, month, `backups:${db.id}:%`)).toBe(BACKUP_MONTH);

    toNextMonth(10 * MINUTE);
    await sweepUntilCaughtUp(sweep);
    const [invoice, ...others] = await invoicesOf(owner, teamId, month);
    expect(others).toEqual([]);
    expect(invoice!.backupLines).toEqual([
      {
        computeId: web.id,
        hostname: web.hostname,
        days: 2,
        dayRateMinor: BACKUP_DAY,
        amountMinor: 2 * BACKUP_DAY,
        capped: false,
      },
      {
        computeId: db.id,
        hostname: db.hostname,
        days: 30,
        dayRateMinor: BACKUP_DAY,
        amountMinor: BACKUP_MONTH,
        capped: true,
      },
    ]);
    expect(invoice!.lines.map((line) => line.hostname)).toEqual([web.hostname, db.hostname]);
    expect(invoice!.taxRatePercent).toBe('18');
    expectTotalOfLines(invoice!);
    expect(invoice!.totalMinor).toBe(await chargedInMonth(teamId, month));

    const text = await pdfText(owner, teamId, invoice!.id);
    console.log(
      `invoice PDF backups table: ${text.slice(text.indexOf('Backups'), text.indexOf('Subtotal'))}`,
    );
    expect(text).toMatch(/Backups\s+Days\s+Price \/ day\s+Amount/);
    expect(text).toMatch(new RegExp(`${web.hostname}\\s+2\\s+RWF 48\\s+RWF 96`));
    expect(text).toMatch(new RegExp(`${db.hostname}\\s+30\\s+RWF 48\\s+monthly cap RWF 1,400`));
    expect(text).toMatch(new RegExp(`Total\\s+RWF ${invoice!.totalMinor.toLocaleString('en-US')}`));

    const csv = await (await file(owner, teamId, invoice!.id, 'csv')).text();
    expect(csv).toContain(`${web.id},${web.hostname},"Backups, 2 days",48,2,96\r\n`);
    expect(csv).toContain(`${db.id},${db.hostname},"Backups, 30 days",720,2,1400\r\n`);
    expect(csv).toContain(`,Total,,,,${invoice!.totalMinor}\r\n`);
    await expectBalanceIsSum(t, teamId);
  });

  it('lists the days begun before the sandbox’s month end on its invoice, and a later day on a second one', async () => {
    const start = toNextMonth(5 * MINUTE, 31);
    const month = monthStartOf(start);
    const owner = await person(t, 'Sandy Backups');
    const teamId = await fundedTeamOf(t, owner, [], 'Sandbox backups team');
    const web = await computeWithBackups(owner, teamId, 'sandbox-web');
    expect(await backUpToday()).toBe(1);
    t.clock.advance(DAY);
    expect(await backUpToday()).toBe(1);

    // The month's usage so far (the spend panel) counts the two backup days charged, beside the compute's hours.
    const usage = await send(t, 'GET', billingPath(teamId, '/usage'), { token: await signIn(owner) });
    expectStatus(usage, 200);
    const { monthToDateMinor, byCompute, byStorage } = usage.body as {
      monthToDateMinor: number;
      byCompute: Array<{ amountMinor: number }>;
      byStorage: Array<{ amountMinor: number }>;
    };
    const sum = (lines: Array<{ amountMinor: number }>) =>
      lines.reduce((total, line) => total + line.amountMinor, 0);
    expect(monthToDateMinor - sum(byCompute) - sum(byStorage)).toBe(2 * BACKUP_DAY);

    const simulated = await send(t, 'POST', billingPath(teamId, '/sandbox/month-end'), {
      token: await signIn(owner),
    });
    expectStatus(simulated, 200);
    let [early] = await invoicesOf(owner, teamId, month);
    expect(early!.id).toBe(simulated.body.invoice.id);
    expect(early!.backupLines).toEqual([
      expect.objectContaining({ computeId: web.id, days: 2, amountMinor: 2 * BACKUP_DAY, capped: false }),
    ]);
    expectTotalOfLines(early!);
    expect(early!.totalMinor).toBe(await chargedInMonth(teamId, month));

    // A third day of backups begins after the simulated end: the real month end invoices it alone.
    t.clock.advance(DAY);
    expect(await backUpToday()).toBe(1);
    await setBackups(owner, teamId, web.id, false);
    toNextMonth(10 * MINUTE);
    await sweepUntilCaughtUp(sweep);
    const invoices = await invoicesOf(owner, teamId, month);
    expect(invoices).toHaveLength(2);
    [early] = invoices;
    const later = invoices[1]!;
    expect(early!.backupLines).toHaveLength(1);
    expect(later.lines).toEqual([]);
    expect(later.backupLines).toEqual([
      expect.objectContaining({ computeId: web.id, days: 1, amountMinor: BACKUP_DAY, capped: false }),
    ]);
    expectTotalOfLines(later);
    expect(early!.totalMinor + later.totalMinor).toBe(await chargedInMonth(teamId, month));
    await expectBalanceIsSum(t, teamId);
  });

  it('shows no backups table for a month without backups', async () => {
    const start = toNextMonth(5 * MINUTE, 31);
    const month = monthStartOf(start);
    const owner = await person(t, 'Nora Nobackups');
    const teamId = await fundedTeamOf(t, owner, [], 'No backups team');
    await plainCompute(owner, teamId, 'plain');
    toNextMonth(10 * MINUTE);
    await sweepUntilCaughtUp(sweep);
    const [invoice] = await invoicesOf(owner, teamId, month);
    expect(invoice!.lines).toHaveLength(1);
    expect(invoice!.backupLines).toEqual([]);
    expect(invoice!.totalMinor).toBe(await chargedInMonth(teamId, month));
    const text = await pdfText(owner, teamId, invoice!.id);
    expect(text).toContain('Compute');
    expect(text).not.toContain('Backups');
    expect(await (await file(owner, teamId, invoice!.id, 'csv')).text()).not.toContain('Backups');
  });
});

// /teams/:teamId/usage and /teams/:teamId/invoices/…: the month's metered usage with its projection, and
// the monthly invoices as JSON, PDF and CSV. Owners and admins read them (billing.read); members do not.
import { Buffer } from 'node:buffer';
import { invoiceListSchema, invoiceSchema, monthEndSimulationSchema, usageSchema } from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { auditActor } from '../audit/audit-log';
import { attachmentHeaders } from '../http/headers';
import { defineRoutes, type Routes } from '../http/routes';
import { teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import type { BillingService } from './billing-service';
import { findInvoice, listInvoices } from './invoices';
import { invoiceParams } from './params';
import { invoiceNotFound } from './problems';
import { simulateMonthEnd } from './sandbox-month-end';
import { readUsage } from './usage';

// The documents (pdf-lib and its fonts: about 0.4 s to load) load with the first invoice asked for, not
// with every server start.
const documents = () => import('./invoice-documents');

const READ = (): ReturnType<typeof teamGuards> => teamGuards('billing.read');

export function invoiceRoutes(billing: BillingService): Routes[] {
  const { db, clock } = billing.deps;
  const existing = async (teamId: string, invoiceId: string) => {
    const invoice = await findInvoice(db, teamId, invoiceId);
    if (!invoice) throw invoiceNotFound();
    return invoice;
  };
  const usage = defineRoutes('/teams/:teamId', 'Billing').add({
    method: 'get',
    path: '/usage',
    summary: 'Read this month’s usage: spend so far, the projected month-end total, per compute and per day',
    tokenScope: 'billing:read',
    description:
      'A compute is charged its plan’s hourly price for every started hour it exists, running or stopped (a stopped compute keeps its disk and address), never more than the plan’s monthly price in a calendar month (UTC); a volume or team image its size’s share of the price per GB-month for every started hour it exists (byStorage), within its monthly price. The projection adds what the live computes, volumes and images will cost until the month ends at that rate, within their caps.',
    guards: READ(),
    request: { params: teamIdParams },
    responses: { 200: { description: 'The month’s usage.', schema: usageSchema } },
    handler: async (c) => {
      const team = c.get('team');
      return c.json(
        await readUsage(db, team.id, team.currency as Currency, clock.now(), billing.storagePriceOf),
        200,
      );
    },
  });

  const invoices = defineRoutes('/teams/:teamId/invoices', 'Billing')
    .add({
      method: 'get',
      path: '/',
      summary: 'List the team’s monthly invoices, newest first',
      tokenScope: 'billing:read',
      guards: READ(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The invoices.', schema: invoiceListSchema } },
      handler: async (c) => c.json({ invoices: await listInvoices(db, c.get('team').id) }, 200),
    })
    .add({
      method: 'get',
      path: '/:invoiceId',
      summary: 'Read one invoice: lines, subtotal, tax, total, paid status and whom it is addressed to',
      tokenScope: 'billing:read',
      guards: READ(),
      request: { params: invoiceParams },
      responses: { 200: { description: 'The invoice.', schema: invoiceSchema } },
      handler: async (c, { params }) => c.json(await existing(c.get('team').id, params.invoiceId), 200),
    })
    .add({
      method: 'get',
      path: '/:invoiceId/pdf',
      summary: 'Download the invoice as a PDF (attachment <number>.pdf)',
      tokenScope: 'billing:read',
      guards: READ(),
      request: { params: invoiceParams },
      responses: { 200: { description: 'The PDF.', contentType: 'application/pdf' } },
      handler: async (c, { params }) => {
        const invoice = await existing(c.get('team').id, params.invoiceId);
        const pdf = await (await documents()).invoicePdf(invoice, billing.deps.config.issuer);
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Length': String(Buffer.byteLength(pdf)),
          ...attachmentHeaders(`${invoice.number}.pdf`),
        });
      },
    })
    .add({
      method: 'get',
      path: '/:invoiceId/csv',
      summary:
        'Download the invoice as CSV: one row per line, then subtotal, tax and total (attachment <number>.csv)',
      tokenScope: 'billing:read',
      guards: READ(),
      request: { params: invoiceParams },
      responses: { 200: { description: 'The CSV.', contentType: 'text/csv' } },
      handler: async (c, { params }) => {
        const invoice = await existing(c.get('team').id, params.invoiceId);
        return c.body((await documents()).invoiceCsv(invoice), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          ...attachmentHeaders(`${invoice.number}.csv`),
        });
      },
    });

  // Only with the sandbox provider, where no real money moves (server/billing/sandbox-month-end.ts).
  const sandbox = defineRoutes('/teams/:teamId/sandbox', 'Billing').add({
    method: 'post',
    path: '/month-end',
    summary: 'Sandbox only: simulate the end of this month — charge it in full and issue its invoice now',
    tokenScope: 'billing:read_write',
    description:
      'Charges every compute of the team for its hours to the end of the current calendar month (UTC), as if it kept existing until then, and issues the month’s invoice now. Answers the hours charged and the invoice (null when there was no usage to invoice). Served only while payments go through the sandbox provider; owners only.',
    guards: teamGuards('billing.manage'),
    request: { params: teamIdParams },
    responses: { 200: { description: 'What was charged and issued.', schema: monthEndSimulationSchema } },
    handler: async (c) =>
      c.json(await simulateMonthEnd(billing, { teamId: c.get('team').id, actor: auditActor(c) }), 200),
  });

  return billing.driver.info.sandbox ? [usage, invoices, sandbox] : [usage, invoices];
}

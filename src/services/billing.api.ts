// The payment service: balance, ledger, top-ups, the billing profile and payment methods
// (src/contract/billing.ts).
import {
  balanceSchema,
  billingProfileSchema,
  invoiceListSchema,
  invoiceSchema,
  ledgerPageSchema,
  monthEndSimulationSchema,
  paymentMethodsSchema,
  topUpAnswerSchema,
  usageSchema,
} from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { call, paymentClient as client, json } from './http';

const team = (teamId: string) => `teams/${encodeURIComponent(teamId)}`;

export const fetchBalance = (teamId: string) =>
  json(balanceSchema, () => client.get(`${team(teamId)}/balance`));

export const fetchPaymentMethods = (teamId: string) =>
  json(paymentMethodsSchema, () => client.get(`${team(teamId)}/payment-methods`));

/** One page of the ledger, newest first; `cursor` is the previous page's nextCursor. */
export const fetchLedger = (teamId: string, cursor?: string) =>
  json(ledgerPageSchema, () =>
    client.get(`${team(teamId)}/ledger`, { searchParams: cursor ? { cursor } : {} }),
  );

/** Every entry, oldest first, as a CSV file. */
export const fetchLedgerCsv = (teamId: string) => call(() => client.get(`${team(teamId)}/ledger/csv`).blob());

export const fetchTopUp = (teamId: string, id: string) =>
  json(topUpAnswerSchema, () => client.get(`${team(teamId)}/top-ups/${encodeURIComponent(id)}`));

/** The key makes a retried or double-clicked top-up one payment. */
export const createTopUp = (teamId: string, amountMinor: number, idempotencyKey: string) =>
  json(topUpAnswerSchema, () =>
    client.post(`${team(teamId)}/top-ups`, {
      json: { amountMinor },
      headers: { 'Idempotency-Key': idempotencyKey },
      retry: 0,
    }),
  );

export const fetchBillingProfile = (teamId: string) =>
  json(billingProfileSchema, () => client.get(`${team(teamId)}/billing-profile`));

export interface BillingProfileInput {
  billingEmail: string;
  companyName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  country: string;
  taxId: string;
  lowBalanceThresholdMinor: number;
  currency: Currency;
}

export const updateBillingProfile = (teamId: string, input: BillingProfileInput) =>
  json(billingProfileSchema, () => client.put(`${team(teamId)}/billing-profile`, { json: input }));

export const fetchUsage = (teamId: string) => json(usageSchema, () => client.get(`${team(teamId)}/usage`));

export const fetchInvoices = (teamId: string) =>
  json(invoiceListSchema, () => client.get(`${team(teamId)}/invoices`));

export const fetchInvoice = (teamId: string, id: string) =>
  json(invoiceSchema, () => client.get(`${team(teamId)}/invoices/${encodeURIComponent(id)}`));

/** An invoice as a file (PDF or CSV), for the browser to save. */
export const fetchInvoiceFile = (teamId: string, id: string, format: 'pdf' | 'csv') =>
  call(() => client.get(`${team(teamId)}/invoices/${encodeURIComponent(id)}/${format}`).blob());

/** Sandbox only: charge the month to its end and issue its invoice now (server/billing/sandbox-month-end.ts). */
export const simulateMonthEnd = (teamId: string) =>
  json(monthEndSimulationSchema, () => client.post(`${team(teamId)}/sandbox/month-end`, { retry: 0 }));

// A team's money in the cache, under the spec's keys (SPEC §3) where it names them: balance,
// team-billing (the billing details), invoices; and the payment methods and usage. Queries,
// mutations and the socket handler all name entries through billingKeys.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  fetchBalance,
  fetchBillingProfile,
  fetchInvoice,
  fetchInvoices,
  fetchLedger,
  fetchPaymentMethods,
  fetchUsage,
} from './billing.api';

export const billingKeys = {
  balance: (teamId: string) => ['balance', teamId] as const,
  profile: (teamId: string) => ['team-billing', teamId] as const,
  paymentMethods: (teamId: string) => ['payment-methods', teamId] as const,
  usage: (teamId: string) => ['usage', teamId] as const,
  /** The history of top-ups and charges. */
  ledger: (teamId: string) => ['ledger', teamId] as const,
  /** The team's invoice list and each invoice. */
  invoices: (teamId: string) => ['invoices', teamId] as const,
  invoiceList: (teamId: string) => ['invoices', teamId, 'list'] as const,
  invoice: (teamId: string, id: string) => ['invoices', teamId, id] as const,
};

/** Every entry that moves when money does (a top-up credited, a charge, an invoice issued). */
export const moneyKeys = (teamId: string) => [
  billingKeys.balance(teamId),
  billingKeys.usage(teamId),
  billingKeys.invoices(teamId),
  billingKeys.ledger(teamId),
];

export const ledgerQuery = (teamId: string) =>
  infiniteQueryOptions({
    queryKey: billingKeys.ledger(teamId),
    queryFn: ({ pageParam }) => fetchLedger(teamId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const balanceQuery = (teamId: string) =>
  queryOptions({ queryKey: billingKeys.balance(teamId), queryFn: () => fetchBalance(teamId) });

export const billingProfileQuery = (teamId: string) =>
  queryOptions({ queryKey: billingKeys.profile(teamId), queryFn: () => fetchBillingProfile(teamId) });

export const paymentMethodsQuery = (teamId: string) =>
  queryOptions({
    queryKey: billingKeys.paymentMethods(teamId),
    queryFn: () => fetchPaymentMethods(teamId),
    staleTime: 10 * 60_000,
  });

export const usageQuery = (teamId: string) =>
  queryOptions({ queryKey: billingKeys.usage(teamId), queryFn: () => fetchUsage(teamId) });

export const invoicesQuery = (teamId: string) =>
  queryOptions({ queryKey: billingKeys.invoiceList(teamId), queryFn: () => fetchInvoices(teamId) });

export const invoiceQuery = (teamId: string, id: string) =>
  queryOptions({ queryKey: billingKeys.invoice(teamId, id), queryFn: () => fetchInvoice(teamId, id) });

// A team's money writes: the billing profile, a top-up started, the sandbox's month end, and a returned
// payment credited. What moves with money (balance, usage, invoices, ledger) refetches through moneyKeys.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { BillingProfile, MonthEndSimulation, TopUp } from '@/contract/billing';
import { type BillingProfileInput, createTopUp, simulateMonthEnd, updateBillingProfile } from './billing.api';
import { billingKeys, moneyKeys } from './billing.queries';
import { useWrite, type WriteCallbacks } from './mutation';
import { teamKeys } from './teams.queries';

function refreshMoney(queryClient: QueryClient, teamId: string): void {
  for (const queryKey of moneyKeys(teamId)) void queryClient.invalidateQueries({ queryKey });
}

/** The profile as saved; the balance (its threshold) and the team's record (its currency) follow. */
export const useUpdateBillingProfile = (
  teamId: string,
  callbacks?: WriteCallbacks<BillingProfile, BillingProfileInput>,
) =>
  useWrite(
    (input: BillingProfileInput) => updateBillingProfile(teamId, input),
    (queryClient, saved) => {
      queryClient.setQueryData(billingKeys.profile(teamId), saved);
      void queryClient.invalidateQueries({ queryKey: billingKeys.balance(teamId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.userTeams() });
    },
    callbacks,
  );

/**
 * Starts a top-up of `amountMinor` with the checkout the provider opens. The same `idempotencyKey` for a
 * retry makes it the same payment. Nothing is cached: the balance moves when the payment is credited.
 */
export const useStartTopUp = (
  teamId: string,
  callbacks?: WriteCallbacks<{ topUp: TopUp }, { amountMinor: number; idempotencyKey: string }>,
) =>
  useWrite(
    ({ amountMinor, idempotencyKey }: { amountMinor: number; idempotencyKey: string }) =>
      createTopUp(teamId, amountMinor, idempotencyKey),
    () => undefined,
    callbacks,
  );

/** The sandbox's month end: charges to the month's end and the invoice, at once. */
export const useSimulateMonthEnd = (teamId: string) =>
  useWrite<MonthEndSimulation>(
    () => simulateMonthEnd(teamId),
    (queryClient) => refreshMoney(queryClient, teamId),
  );

/** A payment credited (seen on return from the checkout): everything that moves with money refetches. */
export function useMoneyChanged(teamId: string): () => void {
  const queryClient = useQueryClient();
  return () => refreshMoney(queryClient, teamId);
}

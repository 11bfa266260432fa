import { createFileRoute } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { SectionHeading } from '@/routes/-components/page';
import {
  balanceQuery,
  billingProfileQuery,
  ledgerQuery,
  paymentMethodsQuery,
} from '@/services/billing.queries';
import { BalancePanel } from './-components/balance-panel';
import { BillingAccess } from './-components/billing-access';
import { BillingProfileForm } from './-components/billing-profile-form';
import { LedgerHistory } from './-components/ledger-history';

// /settings/billing: the balance and adding money, and the team's billing details. Owners manage billing,
// admins read it, members are told who can (the permission matrix in the README).
export const Route = createFileRoute('/_protected/_section/_team/settings/billing')({
  // ?topup=<id>: the payment provider sent the payer back after a top-up.
  validateSearch: (search): { topup?: string } =>
    typeof search.topup === 'string' && /^[0-9a-f-]{36}$/i.test(search.topup) ? { topup: search.topup } : {},
  loader: ({ context: { queryClient, team } }) =>
    can(team.role, 'billing.read') &&
    Promise.all([
      queryClient.ensureQueryData(balanceQuery(team.id)),
      queryClient.ensureQueryData(paymentMethodsQuery(team.id)),
      queryClient.ensureQueryData(billingProfileQuery(team.id)),
      queryClient.ensureInfiniteQueryData(ledgerQuery(team.id)),
    ]),
  component: SettingsBillingPage,
});

function SettingsBillingPage() {
  const t = useT();
  const team = useTeam();
  const { topup } = Route.useSearch();
  const mayManage = can(team.role, 'billing.manage');
  return (
    <>
      <SectionHeading
        title={t('teamSettings.tab.billing')}
        documentTitle={t('teamSettings.documentTitle', { page: t('teamSettings.tab.billing') })}
      />
      <BillingAccess>
        <div className={grid({ gap: '6' })}>
          <BalancePanel teamId={team.id} mayTopUp={mayManage} returnedTopUp={topup} />
          <LedgerHistory teamId={team.id} />
          <BillingProfileForm key={team.id} teamId={team.id} mayEdit={mayManage} />
        </div>
      </BillingAccess>
    </>
  );
}

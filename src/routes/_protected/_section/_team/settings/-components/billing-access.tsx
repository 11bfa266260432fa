// Billing pages are for the team's owner and admins; a member who opens one is told why, not shown it.
import type { ReactNode } from 'react';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { EmptyState } from '@/ui/empty-state';

export function BillingAccess({ children }: { children: ReactNode }) {
  const t = useT();
  const team = useTeam();
  if (!can(team.role, 'billing.read')) {
    return (
      <EmptyState
        title={t('billing.access.title')}
        description={t('billing.access.lead', { why: whyNot('billing.read') })}
      />
    );
  }
  return <>{children}</>;
}

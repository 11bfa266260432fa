// Billing pages are for the team's owner and admins; a member who opens one is told why, not shown it.
import type { ReactNode } from 'react';
import { can, whyNot } from '@/domain/permissions';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { EmptyState } from '@/ui/empty-state';

export function BillingAccess({ children }: { children: ReactNode }) {
  const team = useTeam();
  if (!can(team.role, 'billing.read')) {
    return (
      <EmptyState
        title="Billing is not available to you"
        description={`${whyNot('billing.read')} Ask one of them if you need an invoice or the balance.`}
      />
    );
  }
  return <>{children}</>;
}

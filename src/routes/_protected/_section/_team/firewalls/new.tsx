import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { computesQuery } from '@/services/computes.queries';
import { useCreateFirewall } from '@/services/firewalls.mutations';
import { FirewallForm } from './-components/firewall-form';

// /firewalls/new: a firewall made from its name, rules and what it applies to; then its page.
export const Route = createFileRoute('/_protected/_section/_team/firewalls/new')({
  loader: ({ context: { queryClient, team } }) =>
    queryClient.ensureInfiniteQueryData(computesQuery(team.id, {})),
  component: NewFirewallPage,
});

function NewFirewallPage() {
  const t = useT();
  const team = useTeam();
  const navigate = useNavigate();
  const create = useCreateFirewall(team.id);
  return (
    <>
      <PageHeader title={t('firewalls.new.title')} description={t('firewalls.new.lead')} />
      <FirewallForm
        teamId={team.id}
        submitLabel={t('firewalls.new.submit')}
        save={(request) => create.mutateAsync(request)}
        onSaved={(firewall) => void navigate({ to: '/firewalls/$id', params: { id: firewall.id } })}
        onCancel={() => void navigate({ to: '/firewalls' })}
      />
    </>
  );
}

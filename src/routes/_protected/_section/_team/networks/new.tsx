import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { suggestedBlock } from '@/domain/private-networks';
import { useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { useCreateNetwork } from '@/services/networks.mutations';
import { networksQuery } from '@/services/networks.queries';
import { NetworkForm } from './-components/network-form';

// /networks/new: a private network made from its name and block; then its page, to add computes.
export const Route = createFileRoute('/_protected/_section/_team/networks/new')({
  loader: ({ context: { queryClient, team } }) => queryClient.ensureQueryData(networksQuery(team.id)),
  component: NewNetworkPage,
});

function NewNetworkPage() {
  const t = useT();
  const team = useTeam();
  const navigate = useNavigate();
  const networks = useSuspenseQuery(networksQuery(team.id)).data.networks;
  // Chosen once, as the page opens: a network made meanwhile elsewhere must not change what is typed.
  const [suggestion] = useState(() => suggestedBlock(networks.map((network) => network.ipv4Block)));
  const create = useCreateNetwork(team.id);
  return (
    <>
      <PageHeader title={t('networks.new.title')} description={t('networks.new.lead')} />
      <NetworkForm
        suggestedBlock={suggestion}
        create={(request) => create.mutateAsync(request)}
        onCreated={(network) => void navigate({ to: '/networks/$id', params: { id: network.id } })}
        onCancel={() => void navigate({ to: '/networks' })}
      />
    </>
  );
}

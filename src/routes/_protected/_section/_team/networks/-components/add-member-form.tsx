// Adding a compute to a private network: one of the team's computes not on it yet, which joins with the
// next free address of the block. The server's reason (the compute gone, the block full) shows beside the
// picker with the choice kept.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import type { Network } from '@/contract/networks';
import { useT } from '@/i18n';
import { computesQuery } from '@/services/computes.queries';
import { useAddNetworkMember } from '@/services/networks.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';

export function AddMemberForm(props: { teamId: string; network: Network; onAdded: (words: string) => void }) {
  const { teamId, network, onAdded } = props;
  const t = useT();
  const computes = useSuspenseInfiniteQuery(computesQuery(teamId, {})).data.pages.flatMap(
    (page) => page.computes,
  );
  const members = new Set(network.members.map((member) => member.computeId));
  const choices = computes
    .filter((compute) => compute.status !== 'destroyed' && compute.status !== 'destroying')
    .filter((compute) => !members.has(compute.id))
    .sort((a, b) => a.hostname.localeCompare(b.hostname));
  const [computeId, setComputeId] = useState<string | null>(null);
  const add = useAddNetworkMember(teamId, network.id, {
    onSuccess: (joined, { computeId: id }) => {
      setComputeId(null);
      const member = joined.members.find((entry) => entry.computeId === id);
      if (member) {
        onAdded(
          t('networks.members.joined', {
            hostname: member.hostname,
            network: joined.name,
            address: member.address,
          }),
        );
      }
    },
  });
  // A compute that joined meanwhile (here or elsewhere) is no longer a choice.
  const chosen = computeId !== null && choices.some((compute) => compute.id === computeId) ? computeId : null;
  const beside = add.error?.fieldErrors.computeId;
  return (
    <form
      noValidate
      aria-label={t('networks.add.title')}
      className={grid({ gap: '3', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) add.mutate({ computeId: chosen });
      }}
    >
      <Select
        label={t('networks.add.compute')}
        placeholder={choices.length === 0 ? t('networks.add.allOnIt') : t('networks.add.choose')}
        items={choices.map((compute) => ({ label: compute.hostname, value: compute.id }))}
        value={chosen}
        disabled={choices.length === 0}
        onValueChange={(value) => {
          setComputeId(value);
          add.reset();
        }}
        error={beside}
        help={t('networks.add.help')}
      />
      {add.error && !beside ? <Alert tone="error">{add.error.message}</Alert> : null}
      <div>
        <Button type="submit" variant="solid" disabled={!chosen} loading={add.isPending}>
          {t('networks.add.submit')}
        </Button>
      </div>
    </form>
  );
}

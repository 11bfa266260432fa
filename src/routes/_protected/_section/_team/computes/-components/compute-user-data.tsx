// The overview's user-data: which kind the compute has (known from the compute), and its text, read apart
// from the compute when the page shows it (lists and live updates carry only the kind).
import { useQuery } from '@tanstack/react-query';
import type { Compute } from '@/contract/computes';
import { computeUserDataQuery } from '@/services/computes.queries';
import { CollapsibleCode } from '@/ui/collapsible-code';
import { textRecipe } from '@/ui/text';

const caption = textRecipe({ variant: 'caption' });

export function ComputeUserData({ compute }: { compute: Compute }) {
  const kind = compute.userDataKind;
  const text = useQuery({ ...computeUserDataQuery(compute.teamId, compute.id), enabled: kind !== null });
  if (kind === null) return <p className={caption}>None.</p>;
  if (text.isError) {
    return <p className={caption}>Its user-data could not be loaded. Reload the page to try again.</p>;
  }
  if (text.data === undefined) return <p className={caption}>Loading its user-data…</p>;
  if (text.data === null) return <p className={caption}>None.</p>;
  return (
    <CollapsibleCode
      summary={kind === 'script' ? 'Show its user-data script' : 'Show its #cloud-config'}
      code={text.data}
      copyLabel="Copy the user-data"
    >
      <p className={caption}>
        Run by cloud-init at the first boot (and again after a rebuild), after the hostname, keys and network.
      </p>
    </CollapsibleCode>
  );
}

// The overview's user-data: which kind the compute has (known from the compute), and its text, read apart
// from the compute when the page shows it (lists and live updates carry only the kind).
import { useQuery } from '@tanstack/react-query';
import type { Compute } from '@/contract/computes';
import { useT } from '@/i18n';
import { computeUserDataQuery } from '@/services/computes.queries';
import { CollapsibleCode } from '@/ui/collapsible-code';
import { textRecipe } from '@/ui/text';

const caption = textRecipe({ variant: 'caption' });

export function ComputeUserData({ compute }: { compute: Compute }) {
  const t = useT();
  const kind = compute.userDataKind;
  const text = useQuery({ ...computeUserDataQuery(compute.teamId, compute.id), enabled: kind !== null });
  if (kind === null) return <p className={caption}>{t('computes.userData.none')}</p>;
  if (text.isError) return <p className={caption}>{t('computes.userData.loadFailed')}</p>;
  if (text.data === undefined) return <p className={caption}>{t('computes.userData.loading')}</p>;
  if (text.data === null) return <p className={caption}>{t('computes.userData.none')}</p>;
  return (
    <CollapsibleCode
      summary={kind === 'script' ? t('computes.userData.showScript') : t('computes.userData.showCloudConfig')}
      code={text.data}
      copyLabel={t('computes.userData.copy')}
    >
      <p className={caption}>{t('computes.userData.runBy')}</p>
    </CollapsibleCode>
  );
}

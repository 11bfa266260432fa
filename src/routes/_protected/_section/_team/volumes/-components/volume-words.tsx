// How a volume reads on every page: its status as a badge, its monthly price, the simulator's label.
import { useQuery } from '@tanstack/react-query';
import type { StoragePrice } from '@/contract/storage-prices';
import type { Currency } from '@/contract/teams';
import type { Volume } from '@/contract/volumes';
import { formatMoney } from '@/domain/money';
import { monthlyStorageCost } from '@/domain/storage-prices';
import { type MessageId, t, useT } from '@/i18n';
import { appConfigQuery } from '@/services/app-config.queries';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';

const OPERATION_LABEL: Record<NonNullable<Volume['operation']>, MessageId> = {
  creating: 'volumes.operation.creating',
  attaching: 'volumes.operation.attaching',
  detaching: 'volumes.operation.detaching',
  growing: 'volumes.operation.growing',
  deleting: 'volumes.operation.deleting',
};

export function VolumeStatus({ volume }: { volume: Volume }) {
  const t = useT();
  if (volume.operation) return <Badge tone="warning">{t(OPERATION_LABEL[volume.operation])}</Badge>;
  return volume.attachedTo ? (
    <Badge tone="success">{t('volumes.status.attached')}</Badge>
  ) : (
    <Badge tone="neutral">{t('volumes.status.available')}</Badge>
  );
}

/** "$1.00 a month" for `sizeGb` of volume, in the team's currency; null without a price. */
export function monthlyPrice(
  price: StoragePrice | undefined,
  sizeGb: number,
  currency: Currency,
): string | null {
  if (!price) return null;
  return t('volumes.price.monthly', {
    price: formatMoney(monthlyStorageCost(price, sizeGb, currency), currency),
  });
}

/** What one GB of volume costs for a month ("RWF 100"), in the team's currency; null without a price. */
export function gbMonthPrice(price: StoragePrice | undefined, currency: Currency): string | null {
  return price ? formatMoney(monthlyStorageCost(price, 1, currency), currency) : null;
}

/** On the simulator a volume is data only: the console says so. */
export function VolumeSimulatorNotice() {
  const t = useT();
  const simulated = useQuery(appConfigQuery()).data?.drivers.compute === 'simulator';
  if (!simulated) return null;
  return <Alert tone="info">{t('volumes.simulator')}</Alert>;
}

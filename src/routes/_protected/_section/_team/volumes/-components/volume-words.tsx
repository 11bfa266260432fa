// How a volume reads on every page: its status as a badge, its monthly price, the simulator's label.
import { useQuery } from '@tanstack/react-query';
import type { StoragePrice } from '@/contract/storage-prices';
import type { Currency } from '@/contract/teams';
import type { Volume } from '@/contract/volumes';
import { formatMoney } from '@/domain/money';
import { monthlyStorageCost } from '@/domain/storage-prices';
import { appConfigQuery } from '@/services/app-config.queries';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';

const OPERATION_LABEL: Record<NonNullable<Volume['operation']>, string> = {
  creating: 'Creating…',
  attaching: 'Attaching…',
  detaching: 'Detaching…',
  growing: 'Growing…',
  deleting: 'Deleting…',
};

export function VolumeStatus({ volume }: { volume: Volume }) {
  if (volume.operation) return <Badge tone="warning">{OPERATION_LABEL[volume.operation]}</Badge>;
  return volume.attachedTo ? <Badge tone="success">Attached</Badge> : <Badge tone="neutral">Available</Badge>;
}

/** "1.00 USD a month" for `sizeGb` of volume, in the team's currency; null without a price. */
export function monthlyPrice(
  price: StoragePrice | undefined,
  sizeGb: number,
  currency: Currency,
): string | null {
  if (!price) return null;
  return `${formatMoney(monthlyStorageCost(price, sizeGb, currency), currency)} a month`;
}

/** On the simulator a volume is data only: the console says so. */
export function VolumeSimulatorNotice() {
  const simulated = useQuery(appConfigQuery()).data?.drivers.compute === 'simulator';
  if (!simulated) return null;
  return (
    <Alert tone="info">
      This server runs on its built-in hypervisor simulator: a volume here is a record of its size and
      attachment, with no disk behind it.
    </Alert>
  );
}

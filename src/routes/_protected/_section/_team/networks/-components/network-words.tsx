// How a private network reads on every page: whether the host isolates it or the simulator keeps it as
// data, and how many computes are on it.
import type { Network } from '@/contract/networks';
import { t, useT } from '@/i18n';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';

export function IsolationBadge({ isolation }: { isolation: Network['isolation'] }) {
  const t = useT();
  return isolation === 'host' ? (
    <Badge tone="success">{t('networks.isolation.host')}</Badge>
  ) : (
    <Badge tone="neutral">{t('networks.isolation.simulated')}</Badge>
  );
}

/** On a simulated network no guest gets a second interface: the console says so. */
export function SimulatedNetworkNotice({ network }: { network: Pick<Network, 'isolation'> }) {
  const t = useT();
  if (network.isolation === 'host') return null;
  return <Alert tone="info">{t('networks.simulator')}</Alert>;
}

export function membersCount(network: Network): string {
  return t('networks.members.count', { count: network.members.length });
}

// How a private network reads on every page: whether the host isolates it or the simulator keeps it as
// data, and how many computes are on it.
import type { Network } from '@/contract/networks';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';

export function IsolationBadge({ isolation }: { isolation: Network['isolation'] }) {
  return isolation === 'host' ? (
    <Badge tone="success">Isolated on the host</Badge>
  ) : (
    <Badge tone="neutral">Simulated: kept as data, not isolated</Badge>
  );
}

/** On a simulated network no guest gets a second interface: the console says so. */
export function SimulatedNetworkNotice({ network }: { network: Pick<Network, 'isolation'> }) {
  if (network.isolation === 'host') return null;
  return (
    <Alert tone="info">
      This server keeps its private networks as data: each member is given an address of the block, but no
      guest gets a second interface and no traffic flows on the network.
    </Alert>
  );
}

export function membersCount(network: Network): string {
  const count = network.members.length;
  return count === 0 ? 'No compute' : `${count} compute${count === 1 ? '' : 's'}`;
}

// How a firewall reads on its pages: a rule in one line, and whether the host enforces it.
import type { Firewall, FirewallRule } from '@/contract/firewalls';
import { Badge } from '@/ui/badge';

export function ruleSummary(rule: FirewallRule): string {
  const what = rule.protocol === 'icmp' ? 'ICMP' : `${rule.protocol.toUpperCase()} ${rule.ports}`;
  return `${what} from ${rule.sources.join(', ')}`;
}

export function EnforcementBadge({ enforcement }: { enforcement: Firewall['enforcement'] }) {
  return enforcement === 'host' ? (
    <Badge tone="success">Enforced on the host</Badge>
  ) : (
    <Badge tone="neutral">Simulator: kept, not enforced</Badge>
  );
}

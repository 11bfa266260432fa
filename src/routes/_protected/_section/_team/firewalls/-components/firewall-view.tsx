// How a firewall reads on its pages: a rule in one line, and whether the host enforces it.
import type { Firewall, FirewallRule } from '@/contract/firewalls';
import { t, useT } from '@/i18n';
import { Badge } from '@/ui/badge';

export function ruleSummary(rule: FirewallRule): string {
  const what = rule.protocol === 'icmp' ? 'ICMP' : `${rule.protocol.toUpperCase()} ${rule.ports}`;
  return t('firewalls.rule.summary', { what, sources: rule.sources.join(', ') });
}

export function EnforcementBadge({ enforcement }: { enforcement: Firewall['enforcement'] }) {
  const t = useT();
  return enforcement === 'host' ? (
    <Badge tone="success">{t('firewalls.enforcement.host')}</Badge>
  ) : (
    <Badge tone="neutral">{t('firewalls.enforcement.simulated')}</Badge>
  );
}

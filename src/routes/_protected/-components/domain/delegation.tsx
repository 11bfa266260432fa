// Whether the registrar points a domain at our name servers, and what to set there when it does not.
import { css } from 'styled-system/css';
import { grid, hstack, panel, wrap } from 'styled-system/patterns';
import type { Domain } from '@/contract/domains';
import { formatRelative } from '@/domain/helpers/time';
import { useCheckDelegation } from '@/services/domains.mutations';
import { Alert } from '@/ui/alert';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';
import { Text } from '@/ui/text';

const shown: Record<Domain['delegation']['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting for the registrar', tone: 'warning' },
  active: { label: 'Active', tone: 'success' },
  lost: { label: 'Delegation lost', tone: 'danger' },
};

export function DelegationBadge({ domain }: { domain: Domain }) {
  const { label, tone } = shown[domain.delegation.status];
  return (
    <Badge tone={tone} data-delegation={domain.delegation.status}>
      {label}
    </Badge>
  );
}

/** The name servers to set at the registrar, the last check, and a button to check again now. */
export function DelegationPanel({ domain }: { domain: Domain }) {
  const check = useCheckDelegation(domain);
  const { status, checkedAt, found } = domain.delegation;
  return (
    <section aria-labelledby="delegation" className={panel()}>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Text as="h2" id="delegation" variant="panelTitle" className={css({ flex: '1' })}>
          Name servers at your registrar
        </Text>
        <DelegationBadge domain={domain} />
      </div>
      <p>
        {status === 'active'
          ? `${domain.displayName} is delegated to our name servers: the records below are what the world sees.`
          : status === 'lost'
            ? `${domain.displayName} no longer lists our name servers at its registrar, so the records below are not what the world sees. Set them again:`
            : `At the registrar where you bought ${domain.displayName}, replace its name servers with these. Until then, the records below are not what the world sees.`}
      </p>
      <ul className={grid({ gap: '2' })}>
        {domain.nameServers.map((server) => (
          <li key={server} className={hstack({ gap: '2' })}>
            <Text as="code" variant="mono">
              {server}
            </Text>
            <CopyButton value={server} label={`Copy ${server}`} iconOnly size="sm" variant="ghost" />
          </li>
        ))}
      </ul>
      <Text variant="caption">
        {checkedAt
          ? `Last checked ${formatRelative(checkedAt)}: ${
              found.length > 0 ? `the registrar lists ${found.join(', ')}.` : 'no name servers were found.'
            }`
          : 'Not checked yet.'}{' '}
        Changes at a registrar can take up to a day to be seen; we check regularly.
      </Text>
      {check.isError ? <Alert tone="error">{check.error.message}</Alert> : null}
      <div>
        <Button size="sm" variant="outline" loading={check.isPending} onClick={() => check.mutate()}>
          Check now
        </Button>
      </div>
    </section>
  );
}

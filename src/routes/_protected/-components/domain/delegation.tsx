// Whether the registrar points a domain at our name servers, and what to set there when it does not.
import { css } from 'styled-system/css';
import { grid, hstack, panel, wrap } from 'styled-system/patterns';
import type { Domain } from '@/contract/domains';
import { formatRelative } from '@/domain/helpers/time';
import { type MessageId, useT } from '@/i18n';
import { useCheckDelegation } from '@/services/domains.mutations';
import { Alert } from '@/ui/alert';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';
import { Text } from '@/ui/text';

const shown: Record<Domain['delegation']['status'], { label: MessageId; tone: BadgeTone }> = {
  pending: { label: 'domains.delegation.pending', tone: 'warning' },
  active: { label: 'domains.delegation.active', tone: 'success' },
  lost: { label: 'domains.delegation.lost', tone: 'danger' },
};

export function DelegationBadge({ domain }: { domain: Domain }) {
  const t = useT();
  const { label, tone } = shown[domain.delegation.status];
  return (
    <Badge tone={tone} data-delegation={domain.delegation.status}>
      {t(label)}
    </Badge>
  );
}

/** The name servers to set at the registrar, the last check, and a button to check again now. */
export function DelegationPanel({ domain }: { domain: Domain }) {
  const t = useT();
  const check = useCheckDelegation(domain);
  const { status, checkedAt, found } = domain.delegation;
  return (
    <section aria-labelledby="delegation" className={panel()}>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Text as="h2" id="delegation" variant="panelTitle" className={css({ flex: '1' })}>
          {t('domains.delegation.title')}
        </Text>
        <DelegationBadge domain={domain} />
      </div>
      <p>
        {t(
          status === 'active'
            ? 'domains.delegation.activeText'
            : status === 'lost'
              ? 'domains.delegation.lostText'
              : 'domains.delegation.pendingText',
          { domain: domain.displayName },
        )}
      </p>
      <ul className={grid({ gap: '2' })}>
        {domain.nameServers.map((server) => (
          <li key={server} className={hstack({ gap: '2' })}>
            <Text as="code" variant="mono">
              {server}
            </Text>
            <CopyButton
              value={server}
              label={t('domains.delegation.copy', { server })}
              iconOnly
              size="sm"
              variant="ghost"
            />
          </li>
        ))}
      </ul>
      <Text variant="caption">
        {checkedAt
          ? found.length > 0
            ? t('domains.delegation.checkedFound', {
                when: formatRelative(checkedAt),
                found: found.join(', '),
              })
            : t('domains.delegation.checkedNone', { when: formatRelative(checkedAt) })
          : t('domains.delegation.notChecked')}{' '}
        {t('domains.delegation.delay')}
      </Text>
      {check.isError ? <Alert tone="error">{check.error.message}</Alert> : null}
      <div>
        <Button size="sm" variant="outline" loading={check.isPending} onClick={() => check.mutate()}>
          {t('domains.delegation.checkNow')}
        </Button>
      </div>
    </section>
  );
}

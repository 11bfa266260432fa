import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { formatNumber } from '@/domain/helpers/numbers';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { DelegationBadge } from '@/routes/_protected/-components/domain/delegation';
import { DnsServerNotice } from '@/routes/_protected/-components/domain/dns-server-notice';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { domainsQuery } from '@/services/domains.queries';
import { Alert } from '@/ui/alert';
import { buttonRecipe } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';

// /domains: the team's zones with their record counts and delegation, searchable.
export const Route = createFileRoute('/_protected/_section/_team/domains/')({
  loader: ({ context: { queryClient, team } }) => queryClient.ensureQueryData(domainsQuery(team.id)),
  component: DomainsPage,
});

function DomainsPage() {
  const t = useT();
  const team = useTeam();
  const list = useSuspenseQuery(domainsQuery(team.id));
  const [search, setSearch] = useState('');
  const wanted = useDeferredValue(search.trim().toLowerCase());
  const domains = list.data.domains.filter(
    (domain) => !wanted || domain.name.includes(wanted) || domain.displayName.toLowerCase().includes(wanted),
  );
  const mayAdd = can(team.role, 'resources.manage');

  return (
    <>
      <PageHeader
        title={t('nav.domains')}
        description={t('domains.list.lead')}
        actions={
          mayAdd ? (
            <Link to="/register-domain" className={buttonRecipe({ variant: 'solid' })}>
              {t('domains.list.add')}
            </Link>
          ) : null
        }
      />
      <div className={grid({ gap: '4' })}>
        <DnsServerNotice />
        {list.error ? <Alert tone="error">{list.error.message}</Alert> : null}
        {list.data.domains.length === 0 ? (
          <EmptyState
            title={t('domains.list.emptyTitle')}
            description={t('domains.list.emptyText')}
            action={
              mayAdd ? (
                <Link to="/register-domain" className={buttonRecipe({ variant: 'solid' })}>
                  {t('domains.list.addFirst')}
                </Link>
              ) : null
            }
          />
        ) : null}
        {list.data.domains.length > 0 ? (
          <>
            <div className={css({ maxWidth: '24rem' })}>
              <TextField
                label={t('domains.search')}
                type="search"
                placeholder={t('domains.list.searchPlaceholder')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            {domains.length === 0 ? (
              <EmptyState
                title={t('domains.list.noMatchTitle')}
                description={t('domains.list.noMatchText')}
              />
            ) : (
              <Table.Root
                caption={t('domains.list.caption', { count: formatNumber(domains.length) })}
                hideCaption
              >
                <Table.Head>
                  <Table.Row>
                    <Table.Header>{t('domains.list.domain')}</Table.Header>
                    <Table.Header numeric>{t('domains.list.records')}</Table.Header>
                    <Table.Header>{t('domains.list.delegation')}</Table.Header>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {domains.map((domain) => (
                    <Table.Row key={domain.id}>
                      <Table.Cell mono>
                        <Link
                          to="/domains/$id"
                          params={{ id: domain.name }}
                          className={textRecipe({ variant: 'link' })}
                        >
                          {domain.displayName}
                        </Link>
                        {domain.displayName !== domain.name ? (
                          <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                            {domain.name}
                          </span>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell numeric>{formatNumber(domain.recordCount)}</Table.Cell>
                      <Table.Cell>
                        <DelegationBadge domain={domain} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </>
        ) : null}
      </div>
    </>
  );
}

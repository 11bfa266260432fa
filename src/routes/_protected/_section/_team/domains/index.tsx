import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { can } from '@/domain/permissions';
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
        title="Domains"
        description="Zones hosted on our name servers."
        actions={
          mayAdd ? (
            <Link to="/register-domain" className={buttonRecipe({ variant: 'solid' })}>
              Add a domain
            </Link>
          ) : null
        }
      />
      <div className={grid({ gap: '4' })}>
        <DnsServerNotice />
        {list.error ? <Alert tone="error">{list.error.message}</Alert> : null}
        {list.data.domains.length === 0 ? (
          <EmptyState
            title="No domains yet"
            description="Add a domain you own to manage its DNS records here: A, AAAA, CNAME, MX, TXT, NS, SRV and CAA."
            action={
              mayAdd ? (
                <Link to="/register-domain" className={buttonRecipe({ variant: 'solid' })}>
                  Add your first domain
                </Link>
              ) : null
            }
          />
        ) : null}
        {list.data.domains.length > 0 ? (
          <>
            <div className={css({ maxWidth: '24rem' })}>
              <TextField
                label="Search"
                type="search"
                placeholder="Domain name"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            {domains.length === 0 ? (
              <EmptyState title="No domains match" description="Change or clear the search to see more." />
            ) : (
              <Table.Root caption={`Domains of the team (${domains.length})`} hideCaption>
                <Table.Head>
                  <Table.Row>
                    <Table.Header>Domain</Table.Header>
                    <Table.Header numeric>Records</Table.Header>
                    <Table.Header>Delegation</Table.Header>
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
                      <Table.Cell numeric>{domain.recordCount.toLocaleString('en')}</Table.Cell>
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

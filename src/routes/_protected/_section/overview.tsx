import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import type { Team } from '../../../contract/teams';
import { formatRelative } from '../../../domain/helpers/time';
import { formatMoney } from '../../../domain/money';
import { can } from '../../../domain/permissions';
import { fetchBalance } from '../../../services/billing.api';
import { fetchComputes } from '../../../services/computes.api';
import { domainsQuery } from '../../../services/domains.queries';
import { auditLogQuery } from '../../../services/teams.queries';
import { Badge } from '../../../ui/badge';
import { buttonRecipe } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { PageHeader } from '../../-components/page';
import { useCurrentTeam } from '../-components/use-current-team';
import { SpendPanel } from './-components/spend-panel';
import { describeAction } from './settings/-components/audit-actions';

// /overview: the team at a glance — balance and spend, what runs, its domains, its verification and what
// happened lately. Each card links to where the details are.
export const Route = createFileRoute('/_protected/_section/overview')({
  component: OverviewPage,
});

const verificationWords: Record<
  Team['verificationStatus'],
  { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  VERIFIED: { label: 'Verified', tone: 'success' },
  PENDING: { label: 'Verification pending', tone: 'warning' },
  UNVERIFIED: { label: 'Not verified: limits apply', tone: 'neutral' },
  REJECTED: { label: 'Verification not approved', tone: 'danger' },
  ADDITIONAL_INFO_REQUESTED: { label: 'More information requested', tone: 'warning' },
};

function OverviewPage() {
  const team = useCurrentTeam();
  return (
    <>
      <PageHeader
        title="Overview"
        description={team ? `${team.name} at a glance.` : 'Your team at a glance.'}
      />
      {team ? <Cards team={team} /> : null}
    </>
  );
}

function Cards({ team }: { team: Team }) {
  const mayReadBilling = can(team.role, 'billing.read');
  const balance = useQuery({
    queryKey: ['balance', team.id],
    queryFn: () => fetchBalance(team.id),
    enabled: mayReadBilling,
  });
  const running = useQuery({
    queryKey: ['computes', team.id, { status: 'running', count: true }],
    queryFn: () => fetchComputes(team.id, { status: 'running' }, undefined, 1),
  });
  const all = useQuery({
    queryKey: ['computes', team.id, { count: true }],
    queryFn: () => fetchComputes(team.id, {}, undefined, 1),
  });
  const domains = useQuery(domainsQuery(team.id));
  const mayReadAudit = can(team.role, 'audit.read');
  const activity = useInfiniteQuery({ ...auditLogQuery(team.id, {}), enabled: mayReadAudit });
  const verification = verificationWords[team.verificationStatus];

  return (
    <div className={css({ display: 'grid', gap: '5' })}>
      <div
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
        })}
      >
        {mayReadBilling ? (
          <Card title="Balance" link={{ to: '/settings/billing', label: 'Go to billing' }}>
            {balance.data ? (
              <>
                <Figure>{formatMoney(balance.data.balanceMinor, balance.data.currency)}</Figure>
                {balance.data.status !== 'ok' ? (
                  <Badge tone={balance.data.status === 'low' ? 'warning' : 'danger'}>
                    {balance.data.status === 'low' ? 'Running low' : 'Empty'}
                  </Badge>
                ) : null}
              </>
            ) : (
              <Skeleton className={css({ height: '8', width: '10rem' })} />
            )}
          </Card>
        ) : null}
        <Card title="Running computes" link={{ to: '/computes', label: 'Go to the computes' }}>
          {running.data && all.data ? (
            <>
              <Figure>{running.data.total.toLocaleString('en')}</Figure>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                of {all.data.total.toLocaleString('en')} computes
              </p>
            </>
          ) : (
            <Skeleton className={css({ height: '8', width: '4rem' })} />
          )}
        </Card>
        <Card title="Domains" link={{ to: '/domains', label: 'Go to the domains' }}>
          {domains.data ? (
            <>
              <Figure>{domains.data.domains.length.toLocaleString('en')}</Figure>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                {domains.data.domains.filter((domain) => domain.delegation.status === 'active').length}{' '}
                delegated to us
              </p>
            </>
          ) : (
            <Skeleton className={css({ height: '8', width: '4rem' })} />
          )}
        </Card>
        <Card title="Team verification" link={{ to: '/settings/general', label: 'Go to team settings' }}>
          <Badge tone={verification.tone}>{verification.label}</Badge>
        </Card>
      </div>
      {mayReadBilling ? <SpendPanel teamId={team.id} /> : null}
      {mayReadAudit ? (
        <section aria-labelledby="recent" className={panel}>
          <div className={css({ display: 'flex', alignItems: 'baseline', gap: '3' })}>
            <h2 id="recent" className={css({ fontFamily: 'heading', fontWeight: '600', flex: '1' })}>
              Recent activity
            </h2>
            <Link to="/settings/activity" className={css({ color: 'accent.text', fontSize: 'sm' })}>
              All activity
            </Link>
          </div>
          {activity.data ? (
            <ul className={css({ display: 'grid', gap: '2' })}>
              {activity.data.pages[0]?.entries.slice(0, 6).map((entry) => (
                <li key={entry.id} className={css({ fontSize: 'sm' })}>
                  <strong>{entry.actor?.name ?? 'Ikirere'}</strong> {describeAction(entry.action)}
                  {entry.target ? <span className={css({ color: 'fg.muted' })}>: {entry.target}</span> : null}{' '}
                  <time dateTime={entry.at} className={css({ color: 'fg.muted' })}>
                    {formatRelative(entry.at)}
                  </time>
                </li>
              ))}
            </ul>
          ) : (
            <Skeleton className={css({ height: '16' })} />
          )}
        </section>
      ) : null}
    </div>
  );
}

const panel = css({
  display: 'grid',
  gap: '3',
  padding: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
});

function Card({
  title,
  link,
  children,
}: {
  title: string;
  link: { to: '/settings/billing' | '/computes' | '/domains' | '/settings/general'; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className={panel}>
      <h2 className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: '500' })}>{title}</h2>
      <div className={css({ display: 'grid', gap: '1', justifyItems: 'start' })}>{children}</div>
      <Link to={link.to} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
        {link.label}
      </Link>
    </section>
  );
}

function Figure({ children }: { children: ReactNode }) {
  return <p className={css({ fontFamily: 'heading', fontSize: '2xl', fontWeight: '600' })}>{children}</p>;
}

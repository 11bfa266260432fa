import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { flex, grid } from 'styled-system/patterns';
import { formatNumber } from '@/domain/helpers/numbers';
import { formatDateTimeWithZone, formatRelative } from '@/domain/helpers/time';
import { balanceStanding, formatMoney } from '@/domain/money';
import { can } from '@/domain/permissions';
import { verificationWords } from '@/domain/verification-words';
import { tRich, useT } from '@/i18n';
import { PageHeader } from '@/routes/-components/page';
import { balanceQuery, usageQuery } from '@/services/billing.queries';
import { computeCountQuery } from '@/services/computes.queries';
import { domainsQuery } from '@/services/domains.queries';
import { auditLogQuery } from '@/services/teams.queries';
import { Badge } from '@/ui/badge';
import { buttonRecipe } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { useTeam } from '../../-components/use-current-team';
import { SpendPanel } from './-components/spend-panel';
import { describeAction, describeActor } from './settings/-components/audit-actions';
import { AuditTarget } from './settings/-components/audit-target';

// /overview: the team at a glance — balance and spend, what runs, its domains, its verification and what
// happened lately. Each card links to where the details are.
export const Route = createFileRoute('/_protected/_section/_team/overview')({
  loader: ({ context: { queryClient, team } }) =>
    Promise.all([
      queryClient.ensureQueryData(computeCountQuery(team.id, 'running')),
      queryClient.ensureQueryData(computeCountQuery(team.id)),
      queryClient.ensureQueryData(domainsQuery(team.id)),
      can(team.role, 'billing.read') && queryClient.ensureQueryData(balanceQuery(team.id)),
      can(team.role, 'billing.read') && queryClient.ensureQueryData(usageQuery(team.id)),
      can(team.role, 'audit.read') && queryClient.ensureInfiniteQueryData(auditLogQuery(team.id, {})),
    ]),
  component: OverviewPage,
});

function OverviewPage() {
  const t = useT();
  const team = useTeam();
  const mayReadBilling = can(team.role, 'billing.read');
  const mayReadAudit = can(team.role, 'audit.read');
  const running = useSuspenseQuery(computeCountQuery(team.id, 'running')).data;
  const all = useSuspenseQuery(computeCountQuery(team.id)).data;
  const domains = useSuspenseQuery(domainsQuery(team.id)).data.domains;
  const verification = verificationWords(team.verificationStatus);

  return (
    <>
      <PageHeader
        title={t('nav.overview')}
        description={tRich('overview.lead', { team: <span translate="no">{team.name}</span> })}
      />
      {/* minmax(0, 1fr): the chart and the activity never make the page wider than the screen. */}
      <div className={grid({ gap: '5', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        <div
          className={grid({
            gap: '4',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(14rem, 100%), 1fr))',
          })}
        >
          {mayReadBilling ? <BalanceCard teamId={team.id} /> : null}
          <Card
            title={t('overview.computes.title')}
            link={{ to: '/computes', label: t('overview.computes.link') }}
          >
            <Figure>{formatNumber(running)}</Figure>
            <Text variant="caption">{t('overview.computes.of', { count: all })}</Text>
          </Card>
          <Card
            title={t('overview.domains.title')}
            link={{ to: '/domains', label: t('overview.domains.link') }}
          >
            <Figure>{formatNumber(domains.length)}</Figure>
            <Text variant="caption">
              {t('overview.domains.delegated', {
                count: domains.filter((domain) => domain.delegation.status === 'active').length,
              })}
            </Text>
          </Card>
          <Card
            title={t('verification.title')}
            link={{ to: '/settings/general', label: t('overview.verification.link') }}
          >
            <Badge tone={verification.tone}>{verification.label}</Badge>
          </Card>
        </div>
        {mayReadBilling ? <SpendPanel teamId={team.id} /> : null}
        {mayReadAudit ? <RecentActivity teamId={team.id} /> : null}
      </div>
    </>
  );
}

function BalanceCard({ teamId }: { teamId: string }) {
  const t = useT();
  const balance = useSuspenseQuery(balanceQuery(teamId)).data;
  const standing = balanceStanding(balance);
  return (
    <Card
      title={t('billing.balance.title')}
      link={{ to: '/settings/billing', label: t('overview.balance.link') }}
    >
      <Figure>{formatMoney(balance.balanceMinor, balance.currency)}</Figure>
      {standing.standing !== 'ok' ? <Badge tone={standing.tone}>{standing.label}</Badge> : null}
    </Card>
  );
}

function RecentActivity({ teamId }: { teamId: string }) {
  const t = useT();
  const activity = useSuspenseInfiniteQuery(auditLogQuery(teamId, {})).data;
  return (
    <section aria-labelledby="recent" className={panel}>
      <div className={flex({ align: 'baseline', gap: '3' })}>
        <Text as="h2" id="recent" variant="panelTitle" className={css({ flex: '1' })}>
          {t('overview.recent.title')}
        </Text>
        <Link to="/settings/activity" className={textRecipe({ variant: 'linkSmall' })}>
          {t('overview.recent.all')}
        </Link>
      </div>
      <ul className={grid({ gap: '2' })}>
        {activity.pages[0]?.entries.slice(0, 6).map((entry) => {
          return (
            <Text as="li" variant="small" key={entry.id}>
              {tRich('overview.recent.entry', {
                actor: <strong>{describeActor(entry)}</strong>,
                action: describeAction(entry.action),
              })}
              <AuditTarget entry={entry} />{' '}
              <time
                dateTime={entry.at}
                title={formatDateTimeWithZone(entry.at)}
                className={textRecipe({ variant: 'muted' })}
              >
                {formatRelative(entry.at)}
              </time>
            </Text>
          );
        })}
      </ul>
    </section>
  );
}

const panel = css({
  display: 'grid',
  // Long names (an IPv6 address, an e-mail) wrap inside the panel instead of widening it.
  gridTemplateColumns: 'minmax(0, 1fr)',
  overflowWrap: 'anywhere',
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
      <div className={grid({ gap: '1', justifyItems: 'start' })}>{children}</div>
      <Link to={link.to} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
        {link.label}
      </Link>
    </section>
  );
}

function Figure({ children }: { children: ReactNode }) {
  return <Text variant="figure">{children}</Text>;
}

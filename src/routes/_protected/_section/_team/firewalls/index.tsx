import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import type { Firewall } from '@/contract/firewalls';
import { can } from '@/domain/permissions';
import { type Translate, useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { firewallsQuery } from '@/services/firewalls.queries';
import { buttonRecipe } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { EnforcementBadge, ruleSummary } from './-components/firewall-view';

// /firewalls: the team's firewalls — their rules and the computes they apply to — kept live by the socket.
export const Route = createFileRoute('/_protected/_section/_team/firewalls/')({
  loader: ({ context: { queryClient, team } }) => queryClient.ensureQueryData(firewallsQuery(team.id)),
  component: FirewallsPage,
});

function appliesTo(firewall: Firewall, t: Translate): string {
  const count = firewall.computes.length;
  return firewall.tags.length > 0
    ? t('firewalls.list.appliesToTags', { count, tags: firewall.tags.join(', ') })
    : t('firewalls.list.appliesTo', { count });
}

function FirewallsPage() {
  const t = useT();
  const team = useTeam();
  const firewalls = useSuspenseQuery(firewallsQuery(team.id)).data.firewalls;
  const create = can(team.role, 'resources.manage') ? (
    <Link to="/firewalls/new" className={buttonRecipe({ variant: 'solid' })}>
      {t('firewalls.create')}
    </Link>
  ) : null;
  return (
    <>
      <PageHeader title={t('firewalls.title')} description={t('firewalls.lead')} actions={create} />
      <div className={grid({ gap: '4' })}>
        {firewalls.length === 0 ? (
          <EmptyState
            title={t('firewalls.empty.title')}
            description={t('firewalls.empty.text')}
            action={create}
          />
        ) : (
          <Table.Root caption={t('firewalls.list.caption', { count: firewalls.length })} hideCaption>
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('firewalls.list.firewall')}</Table.Header>
                <Table.Header>{t('firewalls.rules.title')}</Table.Header>
                <Table.Header>{t('firewalls.appliesTo.title')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {firewalls.map((firewall) => (
                <Table.Row key={firewall.id}>
                  <Table.Cell>
                    <Link
                      to="/firewalls/$id"
                      params={{ id: firewall.id }}
                      className={textRecipe({ variant: 'link' })}
                    >
                      {firewall.name}
                    </Link>
                    <Table.Detail>
                      <EnforcementBadge enforcement={firewall.enforcement} />
                    </Table.Detail>
                  </Table.Cell>
                  <Table.Cell>
                    {firewall.rules.length === 0 ? (
                      <Text as="span" variant="hint">
                        {t('firewalls.list.noRules')}
                      </Text>
                    ) : (
                      firewall.rules.map((rule, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no identity but its place
                        <Table.Detail key={index}>{ruleSummary(rule)}</Table.Detail>
                      ))
                    )}
                  </Table.Cell>
                  <Table.Cell>{appliesTo(firewall, t)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </div>
    </>
  );
}

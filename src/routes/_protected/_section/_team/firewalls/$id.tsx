import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { grid, wrap } from 'styled-system/patterns';
import type { Firewall } from '@/contract/firewalls';
import { formatDateTimeWithZone } from '@/domain/helpers/time';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { orNotFound } from '@/routes/_protected/-components/not-in-team';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { computesQuery } from '@/services/computes.queries';
import { useDeleteFirewall, useUpdateFirewall } from '@/services/firewalls.mutations';
import { firewallQuery } from '@/services/firewalls.queries';
import { ApiError } from '@/services/http';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button, buttonRecipe } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { FirewallForm } from './-components/firewall-form';
import { EnforcementBadge, ruleSummary } from './-components/firewall-view';

// /firewalls/$id: a firewall's rules, the computes and tags it applies to and its history, live; Edit opens
// the form in place; Delete asks first.
export const Route = createFileRoute('/_protected/_section/_team/firewalls/$id')({
  loader: ({ context: { queryClient, team }, params }) =>
    Promise.all([
      orNotFound(queryClient.ensureQueryData(firewallQuery(team.id, params.id))),
      queryClient.ensureInfiniteQueryData(computesQuery(team.id, {})),
    ]),
  notFoundComponent: () => <Missing />,
  component: FirewallPage,
});

/** The page of a firewall that is not in this team, or (`deleted`, its name) was deleted while open. */
function Missing({ deleted }: { deleted?: string }) {
  const t = useT();
  return (
    <>
      <PageHeader title={deleted ?? t('firewalls.missing.title')} />
      <EmptyState
        title={deleted !== undefined ? t('firewalls.missing.deleted') : t('firewalls.missing.none')}
        description={t('firewalls.missing.text')}
        action={
          <Link to="/firewalls" className={buttonRecipe({ variant: 'outline' })}>
            {t('firewalls.missing.back')}
          </Link>
        }
      />
    </>
  );
}

function FirewallPage() {
  const t = useT();
  const { id } = Route.useParams();
  const team = useTeam();
  const navigate = useNavigate();
  const { data, error } = useSuspenseQuery(firewallQuery(team.id, id));
  const { firewall, history } = data;
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const mayManage = can(team.role, 'resources.manage');
  const update = useUpdateFirewall(team.id, id);
  const remove = useDeleteFirewall(team.id, {
    onSuccess: () => void navigate({ to: '/firewalls' }),
  });
  const confirmDelete = useConfirmAction((target: Firewall) => remove.mutateAsync(target));
  if (error instanceof ApiError && error.status === 404 && !remove.isPending && !remove.isSuccess) {
    return <Missing deleted={firewall.name} />;
  }

  return (
    <>
      <PageHeader
        title={firewall.name}
        description={<EnforcementBadge enforcement={firewall.enforcement} />}
        actions={
          mayManage && !editing ? (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                {t('firewalls.edit')}
              </Button>
              <Button variant="outline" onClick={() => confirmDelete.ask(firewall)}>
                {t('firewalls.delete')}
              </Button>
            </>
          ) : null
        }
      />
      <div className={grid({ gap: '6' })}>
        {notice && !editing ? <Alert tone="success">{notice}</Alert> : null}
        {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
        {editing ? (
          <FirewallForm
            teamId={team.id}
            firewall={firewall}
            submitLabel={t('firewalls.save')}
            save={(request) => update.mutateAsync(request)}
            onSaved={(saved) => {
              setEditing(false);
              setNotice(t('firewalls.saved', { name: saved.name }));
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <section aria-label={t('firewalls.rules.title')} className={grid({ gap: '2' })}>
              <Text as="h2" variant="sectionTitle">
                {t('firewalls.rules.title')}
              </Text>
              {firewall.rules.length === 0 ? (
                <Text variant="hint">{t('firewalls.rules.none')}</Text>
              ) : (
                <Table.Root caption={t('firewalls.rules.caption', { name: firewall.name })} hideCaption>
                  <Table.Head>
                    <Table.Row>
                      <Table.Header>{t('firewalls.rule.protocol')}</Table.Header>
                      <Table.Header>{t('firewalls.rule.ports')}</Table.Header>
                      <Table.Header>{t('firewalls.rule.sources')}</Table.Header>
                    </Table.Row>
                  </Table.Head>
                  <Table.Body>
                    {firewall.rules.map((rule, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no identity but its place
                      <Table.Row key={index} aria-label={ruleSummary(rule)}>
                        <Table.Cell>{rule.protocol.toUpperCase()}</Table.Cell>
                        <Table.Cell mono>{rule.ports ?? '—'}</Table.Cell>
                        <Table.Cell mono>{rule.sources.join(', ')}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </section>
            <section aria-label={t('firewalls.appliesTo.title')} className={grid({ gap: '2' })}>
              <Text as="h2" variant="sectionTitle">
                {t('firewalls.appliesTo.title')}
              </Text>
              {firewall.computes.length === 0 ? (
                <Text variant="hint">{t('firewalls.appliesTo.none')}</Text>
              ) : (
                <ul className={wrap({ gap: '3' })}>
                  {firewall.computes.map((compute) => (
                    <li key={compute.id}>
                      <Link
                        to="/computes/$id"
                        params={{ id: compute.id }}
                        className={textRecipe({ variant: 'link' })}
                      >
                        {compute.hostname}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              {firewall.tags.length > 0 ? (
                <div className={wrap({ gap: '2' })}>
                  <Text as="span" variant="hint">
                    {t('firewalls.appliesTo.tagged')}
                  </Text>
                  {firewall.tags.map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </div>
              ) : null}
            </section>
          </>
        )}
        <section aria-label={t('firewalls.history.title')} className={grid({ gap: '2' })}>
          <Text as="h2" variant="sectionTitle">
            {t('firewalls.history.title')}
          </Text>
          <ol className={grid({ gap: '2' })}>
            {[...history].reverse().map((event) => (
              <li key={`${event.at}-${event.message}`}>
                <Text variant="small">{event.message}</Text>
                <Text variant="hint">
                  {event.actor
                    ? t('firewalls.history.whenBy', {
                        when: formatDateTimeWithZone(event.at),
                        name: event.actor.name,
                      })
                    : formatDateTimeWithZone(event.at)}
                </Text>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <ConfirmDialog
        {...confirmDelete.dialog}
        cancelLabel={t('firewalls.cancel')}
        title={t('firewalls.deleteConfirm.title', { name: confirmDelete.target?.name ?? '' })}
        description={t('firewalls.deleteConfirm.text')}
        confirmLabel={t('firewalls.deleteConfirm.confirm')}
        danger
      />
    </>
  );
}

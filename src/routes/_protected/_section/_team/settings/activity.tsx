import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { formatDateTimeWithZone, formatRelative } from '@/domain/helpers/time';
import { can, whyNot } from '@/domain/permissions';
import { tRich, useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { SectionHeading } from '@/routes/-components/page';
import { auditLogQuery, membersQuery } from '@/services/teams.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Select } from '@/ui/select';
import * as Table from '@/ui/table';
import { dayBoundary, periodItems, zoneDay } from './-components/activity-period';
import { actionGroups, describeAction, describeActor } from './-components/audit-actions';
import { AuditTarget } from './-components/audit-target';

// The team's audit log: who changed what, when and from where; owners and admins only.
export const Route = createFileRoute('/_protected/_section/_team/settings/activity')({
  // The filters live in the address, so a filtered view can be bookmarked and shared.
  validateSearch: (search) => {
    const parsed = v.safeParse(searchSchema, search);
    return parsed.success ? parsed.output : {};
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, team }, deps }) =>
    can(team.role, 'audit.read') &&
    Promise.all([
      queryClient.ensureQueryData(membersQuery(team.id)),
      queryClient.ensureInfiniteQueryData(auditLogQuery(team.id, logFilters(deps))),
    ]),
  component: ActivityPage,
});

const day = v.optional(v.pipe(v.string(), v.isoDate()));
const searchSchema = v.object({
  action: v.optional(v.pipe(v.string(), v.maxLength(64))),
  actor: v.optional(v.pipe(v.string(), v.uuid())),
  from: day,
  to: day,
});
type ActivitySearch = v.InferOutput<typeof searchSchema>;

/** The log's query for the filters in the address. */
const logFilters = (search: ActivitySearch) => ({
  action: search.action,
  actor: search.actor,
  from: dayBoundary(search.from ?? '', false),
  to: dayBoundary(search.to ?? '', true),
});

function ActivityHeading() {
  const t = useT();
  const title = t('teamSettings.tab.activity');
  return <SectionHeading title={title} documentTitle={t('teamSettings.documentTitle', { page: title })} />;
}

function ActivityPage() {
  const t = useT();
  const team = useTeam();
  if (!can(team.role, 'audit.read')) {
    return (
      <>
        <ActivityHeading />
        <EmptyState title={t('activity.notAllowed')} description={whyNot('audit.read')} />
      </>
    );
  }
  return <ActivityLog teamId={team.id} teamName={team.name} />;
}

function ActivityLog({ teamId, teamName }: { teamId: string; teamName: string }) {
  const t = useT();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/settings/activity' });
  const filter = (next: Partial<ActivitySearch>) =>
    void navigate({ search: (old) => ({ ...old, ...next }), replace: true });
  const members = useSuspenseQuery(membersQuery(teamId)).data.members;
  const log = useSuspenseInfiniteQuery(auditLogQuery(teamId, logFilters(search)));
  const entries = log.data.pages.flatMap((page) => page.entries);
  const period = periodItems(t, search);
  return (
    <>
      <ActivityHeading />
      <form
        aria-label={t('activity.filter')}
        className={grid({
          gap: '3',
          gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
          marginBottom: '5',
        })}
        onSubmit={(event) => event.preventDefault()}
      >
        <Select
          label={t('activity.column.what')}
          items={actionGroups(t)}
          value={search.action ?? ''}
          onValueChange={(value) => filter({ action: value || undefined })}
        />
        <Select
          label={t('activity.column.who')}
          items={[
            { value: '', label: t('activity.anyone') },
            ...members.map((member) => ({ value: member.userId, label: member.name })),
          ]}
          value={search.actor ?? ''}
          onValueChange={(value) => filter({ actor: value || undefined })}
        />
        <Select
          label={t('activity.column.when')}
          items={period.items}
          value={period.value}
          onValueChange={(value) => {
            if (value === 'range') return;
            filter({ from: value ? zoneDay(Number(value) - 1) : undefined, to: undefined });
          }}
        />
      </form>
      {log.error ? <Alert tone="error">{log.error.message}</Alert> : null}
      {entries.length === 0 ? (
        <EmptyState title={t('activity.empty')} description={t('activity.emptyLead')} />
      ) : null}
      {entries.length > 0 ? (
        <Table.Root
          caption={tRich('activity.caption', { team: <span translate="no">{teamName}</span> })}
          hideCaption
        >
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('activity.column.when')}</Table.Header>
              <Table.Header>{t('activity.column.who')}</Table.Header>
              <Table.Header>{t('activity.column.what')}</Table.Header>
              <Table.Header>{t('activity.column.from')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>
                  <time dateTime={entry.at} title={formatDateTimeWithZone(entry.at)}>
                    {formatRelative(entry.at)}
                  </time>
                </Table.Cell>
                <Table.Cell>{describeActor(entry)}</Table.Cell>
                <Table.Cell>
                  {describeAction(entry.action)}
                  <AuditTarget entry={entry} />
                </Table.Cell>
                <Table.Cell mono>{entry.ip ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      {log.hasNextPage ? (
        <div className={css({ marginTop: '4' })}>
          <Button variant="outline" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('activity.older')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

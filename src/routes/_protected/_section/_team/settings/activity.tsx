import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { can, whyNot } from '@/domain/permissions';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { SectionHeading } from '@/routes/-components/page';
import { auditLogQuery, membersQuery } from '@/services/teams.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Select } from '@/ui/select';
import * as Table from '@/ui/table';
import { Text } from '@/ui/text';
import { actionGroups, describeAction, describeActor, describeTarget } from './-components/audit-actions';

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

/** A yyyy-mm-dd from a date input as the start (or end) of that day, in the browser's time zone. */
const dayBoundary = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString() : undefined;

/** The browser's calendar day `daysAgo` days before today, as yyyy-mm-dd. */
function localDay(daysAgo: number): string {
  const date = new Date();
  date.setDate(date.getDate() - daysAgo);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

const PERIOD_DAYS = [1, 7, 30, 90] as const;

/**
 * The period filter: ranges people ask for, written the console's way, rather than date fields the
 * browser shows in its own format (mm/dd/yyyy in an American Chromium). A range from a shared address
 * that is none of these is offered as it is.
 */
function periodItems(search: ActivitySearch): { items: { value: string; label: string }[]; value: string } {
  const items = [
    { value: '', label: 'Any time' },
    { value: '1', label: 'Today' },
    ...PERIOD_DAYS.slice(1).map((days) => ({ value: String(days), label: `Last ${days} days` })),
  ];
  if (!search.from && !search.to) return { items, value: '' };
  const preset = PERIOD_DAYS.find((days) => !search.to && search.from === localDay(days - 1));
  if (preset) return { items, value: String(preset) };
  const show = (day: string) =>
    new Date(`${day}T12:00:00`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
  const label = `${search.from ? show(search.from) : 'The start'} – ${search.to ? show(search.to) : 'today'}`;
  return { items: [...items, { value: 'range', label }], value: 'range' };
}

/** The log's query for the filters in the address. */
const logFilters = (search: ActivitySearch) => ({
  action: search.action,
  actor: search.actor,
  from: dayBoundary(search.from ?? '', false),
  to: dayBoundary(search.to ?? '', true),
});

function ActivityPage() {
  const team = useTeam();
  if (!can(team.role, 'audit.read')) {
    return (
      <>
        <SectionHeading title="Activity" documentTitle="Activity · Settings" />
        <EmptyState title="Activity is for owners and admins" description={whyNot('audit.read')} />
      </>
    );
  }
  return <ActivityLog teamId={team.id} teamName={team.name} />;
}

function ActivityLog({ teamId, teamName }: { teamId: string; teamName: string }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/settings/activity' });
  const filter = (next: Partial<ActivitySearch>) =>
    void navigate({ search: (old) => ({ ...old, ...next }), replace: true });
  const members = useSuspenseQuery(membersQuery(teamId)).data.members;
  const log = useSuspenseInfiniteQuery(auditLogQuery(teamId, logFilters(search)));
  const entries = log.data.pages.flatMap((page) => page.entries);
  const period = periodItems(search);
  return (
    <>
      <SectionHeading title="Activity" documentTitle="Activity · Settings" />
      <form
        aria-label="Filter the activity"
        className={grid({
          gap: '3',
          gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
          marginBottom: '5',
        })}
        onSubmit={(event) => event.preventDefault()}
      >
        <Select
          label="What"
          items={actionGroups}
          value={search.action ?? ''}
          onValueChange={(value) => filter({ action: value || undefined })}
        />
        <Select
          label="Who"
          items={[
            { value: '', label: 'Anyone' },
            ...members.map((member) => ({ value: member.userId, label: member.name })),
          ]}
          value={search.actor ?? ''}
          onValueChange={(value) => filter({ actor: value || undefined })}
        />
        <Select
          label="When"
          items={period.items}
          value={period.value}
          onValueChange={(value) => {
            if (value === 'range') return;
            filter({ from: value ? localDay(Number(value) - 1) : undefined, to: undefined });
          }}
        />
      </form>
      {log.error ? <Alert tone="error">{log.error.message}</Alert> : null}
      {entries.length === 0 ? (
        <EmptyState
          title="Nothing recorded for these filters"
          description="Changes to the team, its members, invitations and verification show here."
        />
      ) : null}
      {entries.length > 0 ? (
        <Table.Root caption={`Activity in ${teamName}`} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>When</Table.Header>
              <Table.Header>Who</Table.Header>
              <Table.Header>What</Table.Header>
              <Table.Header>From</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {entries.map((entry) => {
              const target = describeTarget(entry);
              return (
                <Table.Row key={entry.id}>
                  <Table.Cell>
                    <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                      {formatRelative(entry.at)}
                    </time>
                  </Table.Cell>
                  <Table.Cell>{describeActor(entry)}</Table.Cell>
                  <Table.Cell>
                    {describeAction(entry.action)}
                    {target ? (
                      <Text as="span" variant="muted">
                        : {target}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell mono>{entry.ip ?? '—'}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      ) : null}
      {log.hasNextPage ? (
        <div className={css({ marginTop: '4' })}>
          <Button variant="outline" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Show older activity
          </Button>
        </div>
      ) : null}
    </>
  );
}

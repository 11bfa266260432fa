import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from '../../../../../styled-system/css';
import { formatDateTime, formatRelative } from '../../../../domain/helpers/time';
import { can, whyNot } from '../../../../domain/permissions';
import { auditLogQuery, membersQuery } from '../../../../services/teams.queries';
import { Alert } from '../../../../ui/alert';
import { Button } from '../../../../ui/button';
import { EmptyState } from '../../../../ui/empty-state';
import { Select } from '../../../../ui/select';
import { SkeletonText } from '../../../../ui/skeleton';
import * as Table from '../../../../ui/table';
import { TextField } from '../../../../ui/text-field';
import { SectionHeading } from '../../../-components/page';
import { useCurrentTeam } from '../../-components/use-current-team';
import { actionGroups, describeAction } from './-components/audit-actions';

// The team's audit log: who changed what, when and from where; owners and admins only.
export const Route = createFileRoute('/_protected/_section/settings/activity')({
  component: ActivityPage,
});

/** A yyyy-mm-dd from a date input as the start (or end) of that day, in the browser's time zone. */
const dayBoundary = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString() : undefined;

function ActivityPage() {
  const team = useCurrentTeam();
  const mayRead = can(team?.role, 'audit.read');
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const members = useQuery({ ...membersQuery(team?.id ?? ''), enabled: Boolean(team) && mayRead });
  const log = useInfiniteQuery({
    ...auditLogQuery(team?.id ?? '', {
      action: action || undefined,
      actor: actor || undefined,
      from: dayBoundary(from, false),
      to: dayBoundary(to, true),
    }),
    enabled: Boolean(team) && mayRead,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  if (!team) return <SectionHeading title="Activity" documentTitle="Activity · Settings" />;
  if (!mayRead) {
    return (
      <>
        <SectionHeading title="Activity" documentTitle="Activity · Settings" />
        <EmptyState title="Activity is for owners and admins" description={whyNot('audit.read')} />
      </>
    );
  }
  return (
    <>
      <SectionHeading title="Activity" documentTitle="Activity · Settings" />
      <form
        aria-label="Filter the activity"
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
          gap: '3',
          marginBottom: '5',
        })}
        onSubmit={(event) => event.preventDefault()}
      >
        <Select
          label="What"
          items={actionGroups}
          value={action}
          onValueChange={(value) => setAction(value ?? '')}
        />
        <Select
          label="Who"
          items={[
            { value: '', label: 'Anyone' },
            ...(members.data?.members.map((member) => ({ value: member.userId, label: member.name })) ?? []),
          ]}
          value={actor}
          onValueChange={(value) => setActor(value ?? '')}
        />
        <TextField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </form>
      {log.isPending ? <SkeletonText lines={5} /> : null}
      {log.isError ? <Alert tone="error">{log.error.message}</Alert> : null}
      {log.data && entries.length === 0 ? (
        <EmptyState
          title="Nothing recorded for these filters"
          description="Changes to the team, its members, invitations and verification show here."
        />
      ) : null}
      {entries.length > 0 ? (
        <Table.Root caption={`Activity in ${team.name}`} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>When</Table.Header>
              <Table.Header>Who</Table.Header>
              <Table.Header>What</Table.Header>
              <Table.Header>From</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>
                  <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                    {formatRelative(entry.at)}
                  </time>
                </Table.Cell>
                <Table.Cell>{entry.actor?.name ?? 'Ikirere operators'}</Table.Cell>
                <Table.Cell>
                  {describeAction(entry.action)}
                  {entry.target ? <span className={css({ color: 'fg.muted' })}>: {entry.target}</span> : null}
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
            Show older activity
          </Button>
        </div>
      ) : null}
    </>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ComputeEvent } from '@/contract/computes';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { SectionHeading } from '@/routes/-components/page';
import { computeHistoryQuery } from '@/services/computes.queries';
import { Badge } from '@/ui/badge';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { useCompute } from '../-components/use-compute';

// History: who did what to the compute, when, and with what result.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/history')({
  loader: ({ context: { queryClient, team }, params }) =>
    queryClient.ensureQueryData(computeHistoryQuery(team.id, params.id)),
  component: ComputeHistoryPage,
});

const actionWords: Record<string, string> = {
  create: 'Created',
  power_on: 'Power on',
  shutdown: 'Shut down',
  power_off: 'Power off (forced)',
  reboot: 'Reboot',
  rebuild: 'Rebuild',
  resize: 'Resize',
  rescue: 'Rescue mode entered',
  unrescue: 'Rescue mode left',
  destroy: 'Destroy',
  tags: 'Tags changed',
  reverse_dns: 'Reverse DNS changed',
  backup: 'Backups',
  recovered: 'Resumed after a server restart',
  changed_outside: 'Changed outside the console',
};

const resultTone = { 'in-progress': 'warning', succeeded: 'success', failed: 'danger' } as const;
const resultWords = { 'in-progress': 'In progress', succeeded: 'Succeeded', failed: 'Failed' } as const;

function ComputeHistoryPage() {
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const { events } = useSuspenseQuery(computeHistoryQuery(team.id, id)).data;
  return (
    <>
      <SectionHeading title="History" documentTitle={`History · ${compute.hostname}`} />
      {events.length === 0 ? <EmptyState title="Nothing has happened yet" /> : null}
      {events.length > 0 ? (
        <Table.Root caption={`History of ${compute.hostname}`} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>When</Table.Header>
              <Table.Header>What</Table.Header>
              <Table.Header>Who</Table.Header>
              <Table.Header>Result</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {events.map((event: ComputeEvent) => (
              <Table.Row key={event.id}>
                <Table.Cell>
                  <time dateTime={event.at} title={formatDateTime(event.at)}>
                    {formatRelative(event.at)}
                  </time>
                </Table.Cell>
                <Table.Cell>
                  {actionWords[event.action] ?? event.action}
                  {event.message ? (
                    <span
                      className={css({
                        display: 'block',
                        fontSize: 'xs',
                        color: 'fg.muted',
                        whiteSpace: 'normal',
                      })}
                    >
                      {event.message}
                    </span>
                  ) : null}
                </Table.Cell>
                <Table.Cell>{event.actor?.name ?? 'Ikirere'}</Table.Cell>
                <Table.Cell>
                  <Badge tone={resultTone[event.result]}>{resultWords[event.result]}</Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </>
  );
}

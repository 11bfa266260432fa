import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ComputeEvent } from '@/contract/computes';
import { formatDateTimeWithZone, formatRelative } from '@/domain/helpers/time';
import { type MessageId, useT } from '@/i18n';
import { SectionHeading } from '@/routes/-components/page';
import { computeHistoryQuery } from '@/services/computes.queries';
import { Badge } from '@/ui/badge';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { useCompute } from '../-components/use-compute';

// History: who did what to the compute, when (how long ago, and the date and time in the person's zone,
// named), and with what result. The entries' messages come from the server, in the reader's language.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/history')({
  loader: ({ context: { queryClient, team }, params }) =>
    queryClient.ensureQueryData(computeHistoryQuery(team.id, params.id)),
  component: ComputeHistoryPage,
});

const actionWords: Record<string, MessageId> = {
  create: 'computes.history.action.create',
  power_on: 'computes.history.action.powerOn',
  shutdown: 'computes.history.action.shutdown',
  power_off: 'computes.history.action.powerOff',
  reboot: 'computes.history.action.reboot',
  rebuild: 'computes.history.action.rebuild',
  resize: 'computes.history.action.resize',
  rescue: 'computes.history.action.rescue',
  unrescue: 'computes.history.action.unrescue',
  destroy: 'computes.history.action.destroy',
  tags: 'computes.history.action.tags',
  reverse_dns: 'computes.history.action.reverseDns',
  backup: 'computes.history.action.backup',
  volume: 'computes.history.action.volume',
  image: 'computes.history.action.image',
  recovered: 'computes.history.action.recovered',
  changed_outside: 'computes.history.action.changedOutside',
};

const resultTone = { 'in-progress': 'warning', succeeded: 'success', failed: 'danger' } as const;
const resultWords: Record<ComputeEvent['result'], MessageId> = {
  'in-progress': 'computes.history.result.inProgress',
  succeeded: 'computes.history.result.succeeded',
  failed: 'computes.history.result.failed',
};

function ComputeHistoryPage() {
  const t = useT();
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const { events } = useSuspenseQuery(computeHistoryQuery(team.id, id)).data;
  return (
    <>
      <SectionHeading
        title={t('computes.tab.history')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.history'),
          hostname: compute.hostname,
        })}
      />
      {events.length === 0 ? <EmptyState title={t('computes.history.empty')} /> : null}
      {events.length > 0 ? (
        <Table.Root caption={t('computes.history.caption', { hostname: compute.hostname })} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('computes.history.when')}</Table.Header>
              <Table.Header>{t('computes.history.what')}</Table.Header>
              <Table.Header>{t('computes.history.who')}</Table.Header>
              <Table.Header>{t('computes.history.result')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {events.map((event: ComputeEvent) => (
              <Table.Row key={event.id}>
                <Table.Cell>
                  <time dateTime={event.at}>{formatRelative(event.at)}</time>
                  <Table.Detail>{formatDateTimeWithZone(event.at)}</Table.Detail>
                </Table.Cell>
                <Table.Cell>
                  {event.action in actionWords ? t(actionWords[event.action]!) : event.action}
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
                  <Badge tone={resultTone[event.result]}>{t(resultWords[event.result])}</Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </>
  );
}

import { createFileRoute, notFound, useRouter } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import type { Domain } from '@/contract/domains';
import { type DnsRecordType, parseRecordType } from '@/domain/dns/record-types';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
import { NotFoundPage } from '@/routes/-components/not-found-page';
import { SectionHeading } from '@/routes/-components/page';
import { Alert } from '@/ui/alert';
import { Text } from '@/ui/text';
import { ensureRecords } from '../-components/ensure-records';
import { RecordForm } from '../-components/record-form';
import { RecordsTable } from '../-components/records-table';
import { useDomain } from '../-components/use-domain';
import { useRecords } from '../-components/use-records';

// The page of one DNS record type (SPEC §2, §3): /domains/$id/A, /domains/$id/MX, … — its form with the
// spec's fields and placeholders, and the zone's records of that type.
export const Route = createFileRoute('/_protected/_section/_team/domains/$id/$type')({
  beforeLoad: ({ params }) => ({ recordType: parseRecordType(params.type) }),
  // A type that does not exist is not found inside the domain's page, under its heading and tabs.
  loader: ({ context: { queryClient, team, recordType }, params }) => {
    if (!recordType) throw notFound();
    return ensureRecords(queryClient, team.id, params.id, { type: recordType });
  },
  notFoundComponent: NotFoundPage,
  component: RecordTypePage,
});

function RecordTypePage() {
  const { id } = Route.useParams();
  const { recordType } = Route.useRouteContext();
  const { team, domain } = useDomain(id);
  if (!domain || !recordType) return null;
  return (
    <TypeRecords
      key={`${domain.id}-${recordType}`}
      domain={domain}
      type={recordType}
      mayManage={can(team.role, 'resources.manage')}
    />
  );
}

function TypeRecords({
  domain,
  type,
  mayManage,
}: {
  domain: Domain;
  type: DnsRecordType;
  mayManage: boolean;
}) {
  const t = useT();
  const router = useRouter();
  const { list, records, total, loadMore } = useRecords(domain, { type });
  return (
    <>
      <SectionHeading
        title={t('domains.type.title', { type })}
        documentTitle={t('domains.type.documentTitle', { type, domain: domain.displayName })}
      />
      <div className={grid({ gap: '5' })}>
        {mayManage ? (
          <section
            aria-label={t('domains.type.addSection', { type })}
            className={css({
              padding: '4',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'lg',
              bg: 'bg.surface',
            })}
          >
            <RecordForm
              domain={domain}
              type={type}
              onSaved={(saved) =>
                showToast(router.options.context.actors, {
                  tone: 'success',
                  title: t('domains.record.added', { type: saved.type, name: saved.name }),
                  description: t('domains.record.addedText'),
                })
              }
            />
          </section>
        ) : (
          <Text variant="muted">{whyNot('resources.manage')}</Text>
        )}
        {list.error ? <Alert tone="error">{list.error.message}</Alert> : null}
        {total === 0 ? (
          <Text variant="muted">{t('domains.type.empty', { type, domain: domain.displayName })}</Text>
        ) : null}
        {total > 0 ? (
          <RecordsTable
            domain={domain}
            records={records}
            total={total}
            type={type}
            hasMore={Boolean(list.hasNextPage)}
            loadMore={loadMore}
            mayManage={mayManage}
          />
        ) : null}
      </div>
    </>
  );
}

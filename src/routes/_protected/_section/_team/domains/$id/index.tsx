import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { DNS_RECORD_TYPES, type DnsRecordType } from '@/domain/dns/record-types';
import { debounce } from '@/domain/helpers/debounce';
import { formatNumber } from '@/domain/helpers/numbers';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { DelegationPanel } from '@/routes/_protected/-components/domain/delegation';
import { DnssecPanel } from '@/routes/_protected/-components/domain/dnssec';
import { SectionHeading } from '@/routes/-components/page';
import { Alert } from '@/ui/alert';
import { EmptyState } from '@/ui/empty-state';
import { Select } from '@/ui/select';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { ensureRecords } from '../-components/ensure-records';
import { RecordsTable } from '../-components/records-table';
import { useDomain } from '../-components/use-domain';
import { useRecords } from '../-components/use-records';

const searchSchema = v.object({
  type: v.optional(v.picklist(DNS_RECORD_TYPES)),
  search: v.optional(v.pipe(v.string(), v.maxLength(253))),
});

// The record table of a domain (SPEC §3): every record, filtered by type and searched by name or value.
export const Route = createFileRoute('/_protected/_section/_team/domains/$id/')({
  validateSearch: (search) => {
    const parsed = v.safeParse(searchSchema, search);
    return parsed.success ? parsed.output : {};
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, team }, params, deps }) =>
    ensureRecords(queryClient, team.id, params.id, deps),
  component: DomainRecordsPage,
});

function DomainRecordsPage() {
  const { id } = Route.useParams();
  const { team, domain } = useDomain(id);
  if (!domain) return null;
  return <Records key={domain.id} domain={domain} mayManage={can(team.role, 'resources.manage')} />;
}

function Records({
  domain,
  mayManage,
}: {
  domain: NonNullable<ReturnType<typeof useDomain>['domain']>;
  mayManage: boolean;
}) {
  const t = useT();
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: '/domains/$id/' });
  const [search, setSearch] = useState(filters.search ?? '');
  const { list, records, total, loadMore } = useRecords(domain, filters);
  const applySearch = useMemo(
    () =>
      debounce(
        (text: string) =>
          void navigate({ search: (old) => ({ ...old, search: text.trim() || undefined }), replace: true }),
        300,
      ),
    [navigate],
  );
  useEffect(() => () => applySearch.cancel(), [applySearch]);
  const filtered = Boolean(filters.type || filters.search);

  return (
    <>
      <SectionHeading
        title={t('domains.records.title')}
        documentTitle={t('domains.records.documentTitle', { domain: domain.displayName })}
      />
      <div className={grid({ gap: '4' })}>
        {domain.delegation.status !== 'active' ? <DelegationPanel domain={domain} /> : null}
        <DnssecPanel domain={domain} mayManage={mayManage} />
        <form
          aria-label={t('domains.records.filters')}
          onSubmit={(event) => event.preventDefault()}
          className={grid({
            gap: '3',
            gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
            alignItems: 'end',
            maxWidth: '40rem',
          })}
        >
          <TextField
            label={t('domains.search')}
            type="search"
            placeholder={t('domains.records.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              applySearch(event.target.value);
            }}
          />
          <Select
            label={t('dns.column.type')}
            items={[
              { value: '', label: t('domains.records.allTypes') },
              ...DNS_RECORD_TYPES.map((type) => ({ value: type, label: type })),
            ]}
            value={filters.type ?? ''}
            onValueChange={(value) =>
              void navigate({
                search: (old) => ({ ...old, type: (value || undefined) as DnsRecordType | undefined }),
                replace: true,
              })
            }
          />
        </form>
        {list.error ? <Alert tone="error">{list.error.message}</Alert> : null}
        {total === 0 ? (
          <EmptyState
            title={filtered ? t('domains.records.noMatchTitle') : t('domains.records.emptyTitle')}
            description={filtered ? t('domains.records.noMatchText') : t('domains.records.emptyText')}
          />
        ) : null}
        {total > 0 ? (
          <>
            <Text variant="caption" aria-live="polite">
              {t(filtered ? 'domains.records.matching' : 'domains.records.count', {
                count: total,
                shown: formatNumber(total),
              })}
            </Text>
            <RecordsTable
              domain={domain}
              records={records}
              total={total}
              hasMore={Boolean(list.hasNextPage)}
              loadMore={loadMore}
              mayManage={mayManage}
            />
          </>
        ) : null}
      </div>
    </>
  );
}

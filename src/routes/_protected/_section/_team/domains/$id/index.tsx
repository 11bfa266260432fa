import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { DNS_RECORD_TYPES, type DnsRecordType } from '@/domain/dns/record-types';
import { debounce } from '@/domain/helpers/debounce';
import { can } from '@/domain/permissions';
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
      <SectionHeading title="DNS records" documentTitle={`DNS records · ${domain.displayName}`} />
      <div className={grid({ gap: '4' })}>
        {domain.delegation.status !== 'active' ? <DelegationPanel domain={domain} /> : null}
        <DnssecPanel domain={domain} mayManage={mayManage} />
        <form
          aria-label="Filter records"
          onSubmit={(event) => event.preventDefault()}
          className={grid({
            gap: '3',
            gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
            alignItems: 'end',
            maxWidth: '40rem',
          })}
        >
          <TextField
            label="Search"
            type="search"
            placeholder="Name or value"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              applySearch(event.target.value);
            }}
          />
          <Select
            label="Type"
            items={[
              { value: '', label: 'All types' },
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
            title={filtered ? 'No records match' : 'No records yet'}
            description={
              filtered
                ? 'Change or clear the filters to see more.'
                : 'Add records from the tab of their type: A, AAAA, CNAME, TXT, MX, NS, SRV or CAA.'
            }
          />
        ) : null}
        {total > 0 ? (
          <>
            <Text variant="caption" aria-live="polite">
              {total.toLocaleString('en')} {total === 1 ? 'record' : 'records'}
              {filtered ? ' match' : ''}
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

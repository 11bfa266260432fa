import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { computeSortSchema, computeStatusSchema } from '@/contract/compute-states';
import { debounce } from '@/domain/helpers/debounce';
import { can } from '@/domain/permissions';
import { type MessageId, useT } from '@/i18n';
import { SimulatorNotice } from '@/routes/_protected/-components/simulator-notice';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { PageHeader } from '@/routes/-components/page';
import { computesQuery, locationsQuery } from '@/services/computes.queries';
import { Alert } from '@/ui/alert';
import { buttonRecipe } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Select } from '@/ui/select';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { ComputesTable } from './-components/computes-table';
import { statusLabel } from './-components/status-badge';

// The filters live in the address, so a filtered list can be bookmarked and shared.
const searchSchema = v.object({
  search: v.optional(v.pipe(v.string(), v.maxLength(100))),
  status: v.optional(computeStatusSchema),
  location: v.optional(v.pipe(v.string(), v.maxLength(50))),
  tag: v.optional(v.pipe(v.string(), v.maxLength(32))),
  sort: v.optional(computeSortSchema),
});

export const Route = createFileRoute('/_protected/_section/_team/computes/')({
  validateSearch: (search) => {
    const parsed = v.safeParse(searchSchema, search);
    return parsed.success ? parsed.output : {};
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, team }, deps }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(computesQuery(team.id, deps)),
      queryClient.ensureQueryData(locationsQuery()),
    ]),
  component: ComputesPage,
});

const sortItems: Array<{ value: string; label: MessageId }> = [
  { value: 'created_desc', label: 'computes.list.sort.newest' },
  { value: 'created_asc', label: 'computes.list.sort.oldest' },
  { value: 'hostname_asc', label: 'computes.list.sort.hostnameAz' },
  { value: 'hostname_desc', label: 'computes.list.sort.hostnameZa' },
  { value: 'status_asc', label: 'computes.list.sort.status' },
];

function ComputesPage() {
  const t = useT();
  const team = useTeam();
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: '/computes/' });
  const [search, setSearch] = useState(filters.search ?? '');
  const locations = useSuspenseQuery(locationsQuery()).data;
  const list = useSuspenseInfiniteQuery(computesQuery(team.id, filters));
  const computes = useMemo(() => list.data.pages.flatMap((page) => page.computes), [list.data]);
  const total = list.data.pages[0]?.total ?? 0;

  const setFilter = (next: Partial<typeof filters>) =>
    void navigate({ search: (old) => ({ ...old, ...next }), replace: true });
  // Typing searches after a pause, not on every key.
  const applySearch = useMemo(
    () =>
      debounce(
        (text: string) =>
          void navigate({ search: (old) => ({ ...old, search: text || undefined }), replace: true }),
        300,
      ),
    [navigate],
  );
  useEffect(() => () => applySearch.cancel(), [applySearch]);

  const filtered = Boolean(filters.search || filters.status || filters.location || filters.tag);
  const mayCreate = can(team.role, 'resources.manage');

  return (
    <>
      {/* Creating one is the header's "New compute", on every page: not repeated here. */}
      <PageHeader title={t('computes.list.title')} description={t('computes.list.lead')} />
      <div className={grid({ gap: '4' })}>
        <SimulatorNotice />
        <form
          aria-label={t('computes.list.filters')}
          onSubmit={(event) => event.preventDefault()}
          className={grid({
            gap: '3',
            gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
            alignItems: 'end',
          })}
        >
          <TextField
            label={t('computes.list.search')}
            type="search"
            placeholder={t('computes.list.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              applySearch(event.target.value.trim());
            }}
          />
          <Select
            label={t('computes.list.status')}
            items={[
              { value: '', label: t('computes.list.anyStatus') },
              ...computeStatusSchema.options
                .filter((s) => s !== 'destroyed')
                .map((s) => ({ value: s, label: statusLabel(s) })),
            ]}
            value={filters.status ?? ''}
            onValueChange={(value) => setFilter({ status: (value || undefined) as typeof filters.status })}
          />
          <Select
            label={t('computes.list.location')}
            items={[
              { value: '', label: t('computes.list.anywhere') },
              ...locations.locations.map((l) => ({ value: l.id, label: l.name })),
            ]}
            value={filters.location ?? ''}
            onValueChange={(value) => setFilter({ location: value || undefined })}
          />
          <TextField
            label={t('computes.list.tag')}
            placeholder={t('computes.list.tagPlaceholder')}
            defaultValue={filters.tag ?? ''}
            onBlur={(event) => setFilter({ tag: event.target.value.trim().toLowerCase() || undefined })}
            onKeyDown={(event) => {
              if (event.key === 'Enter')
                setFilter({ tag: event.currentTarget.value.trim().toLowerCase() || undefined });
            }}
          />
          <Select
            label={t('computes.list.sort')}
            items={sortItems.map((item) => ({ value: item.value, label: t(item.label) }))}
            value={filters.sort ?? 'created_desc'}
            onValueChange={(value) => setFilter({ sort: (value ?? 'created_desc') as typeof filters.sort })}
          />
        </form>
        {list.error ? <Alert tone="error">{list.error.message}</Alert> : null}
        {total === 0 ? (
          filtered ? (
            <EmptyState title={t('computes.list.noMatch')} description={t('computes.list.noMatchText')} />
          ) : (
            <EmptyState
              title={t('computes.list.empty')}
              description={t('computes.list.emptyText')}
              action={
                mayCreate ? (
                  <Link to="/new-compute" className={buttonRecipe({ variant: 'solid' })}>
                    {t('computes.list.createFirst')}
                  </Link>
                ) : null
              }
            />
          )
        ) : null}
        {total > 0 ? (
          <>
            <Text variant="caption" aria-live="polite">
              {filtered
                ? t('computes.list.countMatching', { count: total })
                : t('computes.list.count', { count: total })}
            </Text>
            <ComputesTable
              computes={computes}
              total={total}
              hasMore={Boolean(list.hasNextPage)}
              loadMore={() => {
                if (!list.isFetchingNextPage) void list.fetchNextPage();
              }}
            />
          </>
        ) : null}
      </div>
    </>
  );
}

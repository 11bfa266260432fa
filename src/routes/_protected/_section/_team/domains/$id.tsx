import { createFileRoute, notFound, Outlet, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import { DNS_RECORD_TYPES } from '@/domain/dns/record-types';
import { formatNumber } from '@/domain/helpers/numbers';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { DelegationBadge } from '@/routes/_protected/-components/domain/delegation';
import { Gone, NotInTeam } from '@/routes/_protected/-components/not-in-team';
import { PageHeader } from '@/routes/-components/page';
import { TabNav } from '@/routes/-components/tab-nav';
import { fetchZoneFile } from '@/services/domains.api';
import { domainsQuery } from '@/services/domains.queries';
import { saveFile } from '@/services/save-file';
import { Button } from '@/ui/button';
import { DeleteDomainDialog, useDeleteDomainActor } from './-components/delete-domain-dialog';
import { findDomain, useDomain } from './-components/use-domain';
import { ZoneImport } from './-components/zone-import-dialog';

// A domain: its record table (the default child) and one page per record type.
export const Route = createFileRoute('/_protected/_section/_team/domains/$id')({
  loader: async ({ context: { queryClient, team }, params }) => {
    const { domains } = await queryClient.ensureQueryData(domainsQuery(team.id));
    if (!findDomain(domains, params.id)) throw notFound();
  },
  notFoundComponent: DomainNotFound,
  component: DomainLayout,
});

function DomainNotFound() {
  const t = useT();
  return <NotInTeam kind="domain" back={{ to: '/domains', label: t('domains.backToList') }} />;
}

function DomainLayout() {
  const t = useT();
  const { id } = Route.useParams();
  const { team, domain } = useDomain(id);
  const router = useRouter();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  // The loader found the domain, so the first render has it; once deleted elsewhere, the page still
  // knows what it was.
  const known = useRef(domain);
  if (domain) known.current = domain;
  const deletion = useDeleteDomainActor(known.current!);
  const deletedHere = useSelector(
    deletion,
    (snapshot) => snapshot.hasTag('busy') || snapshot.status === 'done',
  );

  // Deleted while the page was open: said so, unless it was deleted here (that leaves for the list).
  if (!domain) {
    return deletedHere ? null : (
      <Gone
        kind="domain"
        name={known.current?.displayName ?? id}
        back={{ to: '/domains', label: t('domains.backToList') }}
      />
    );
  }
  const mayManage = can(team.role, 'resources.manage');

  const download = async () => {
    setExporting(true);
    try {
      const text = await fetchZoneFile(team.id, domain.id);
      saveFile(new Blob([text], { type: 'text/plain' }), `${domain.name}.zone`);
    } catch (failure) {
      showToast(router.options.context.actors, {
        tone: 'error',
        title: t('domains.export.failed'),
        description: failure instanceof Error ? failure.message : undefined,
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={domain.displayName}
        description={
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
            <DelegationBadge domain={domain} />
            <span>
              {t('domains.page.summary', {
                count: domain.recordCount,
                shown: formatNumber(domain.recordCount),
                serial: domain.serial,
              })}
            </span>
          </span>
        }
        actions={
          <div className={wrap({ gap: '2' })}>
            <Button size="sm" variant="outline" loading={exporting} onClick={() => void download()}>
              {t('domains.export.button')}
            </Button>
            {mayManage ? (
              <>
                <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
                  {t('domains.zoneImport.open')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => deletion.send({ type: 'delete.open' })}>
                  {t('domains.delete.button')}
                </Button>
              </>
            ) : null}
          </div>
        }
      />
      <TabNav
        label={t('domains.tabs.label')}
        tabs={[
          { label: t('domains.tabs.all'), to: '/domains/$id', params: { id }, exact: true },
          ...DNS_RECORD_TYPES.map((type) => ({
            label: type,
            to: '/domains/$id/$type',
            params: { id, type },
          })),
        ]}
      />
      <Outlet />
      {importing ? <ZoneImport domain={domain} onClose={() => setImporting(false)} /> : null}
      <DeleteDomainDialog actor={deletion} domain={domain} />
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from '../../../../../styled-system/css';
import { showToast } from '../../../../app-actors';
import { DNS_RECORD_TYPES } from '../../../../domain/dns/record-types';
import { can } from '../../../../domain/permissions';
import { deleteDomain, fetchZoneFile } from '../../../../services/domains.api';
import { ApiError } from '../../../../services/http';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { SkeletonText } from '../../../../ui/skeleton';
import { TextField } from '../../../../ui/text-field';
import { PageHeader } from '../../../-components/page';
import { TabNav } from '../../../-components/tab-nav';
import { DelegationBadge } from '../../-components/domain/delegation';
import { NotInTeam } from '../../-components/not-in-team';
import { useDomain } from './-components/use-domain';
import { ZoneImportDialog } from './-components/zone-import-dialog';

// A domain: its record table (the default child) and one page per record type.
export const Route = createFileRoute('/_protected/_section/domains/$id')({
  component: DomainLayout,
});

function DomainLayout() {
  const { id } = Route.useParams();
  const { team, domain, isPending, error } = useDomain(id);
  const router = useRouter();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  if (isPending) {
    return (
      <>
        <PageHeader title="Domain" />
        <SkeletonText lines={4} />
      </>
    );
  }
  if (!domain || !team) {
    return <NotInTeam kind="domain" error={error} back={{ to: '/domains', label: 'Back to the domains' }} />;
  }
  const mayManage = can(team.role, 'resources.manage');
  const confirmMatches = [domain.name, domain.displayName].includes(
    typed.trim().toLowerCase().replace(/\.$/, ''),
  );

  const download = async () => {
    setExporting(true);
    try {
      const text = await fetchZoneFile(team.id, domain.id);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${domain.name}.zone`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      showToast(router.options.context.actors, {
        tone: 'error',
        title: 'The zone file could not be exported',
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
              {domain.recordCount.toLocaleString('en')} records · serial {domain.serial}
            </span>
          </span>
        }
        actions={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button size="sm" variant="outline" loading={exporting} onClick={() => void download()}>
              Export zone file
            </Button>
            {mayManage ? (
              <>
                <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
                  Import zone file
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setTyped('');
                    setDeleteError(null);
                    setDeleting(true);
                  }}
                >
                  Delete domain
                </Button>
              </>
            ) : null}
          </div>
        }
      />
      <TabNav
        label="Record types"
        tabs={[
          { label: 'All records', to: '/domains/$id', params: { id }, exact: true },
          ...DNS_RECORD_TYPES.map((type) => ({
            label: type,
            to: '/domains/$id/$type',
            params: { id, type },
          })),
        ]}
      />
      <Outlet />
      {importing ? <ZoneImportDialog domain={domain} onClose={() => setImporting(false)} /> : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${domain.displayName}?`}
        description={`Its ${domain.recordCount.toLocaleString('en')} records are deleted and our name servers stop answering for it. Export the zone file first if you may need them again.`}
        confirmLabel="Delete domain"
        danger
        confirmDisabled={!confirmMatches}
        onConfirm={async () => {
          try {
            await deleteDomain(team.id, domain.id, typed.trim());
          } catch (failure) {
            setDeleteError(
              failure instanceof ApiError
                ? (failure.fieldErrors.confirmName ?? failure.message)
                : 'The domain could not be deleted.',
            );
            throw failure;
          }
          await queryClient.invalidateQueries({ queryKey: ['domains', team.id] });
          showToast(router.options.context.actors, {
            tone: 'success',
            title: `${domain.displayName} was deleted.`,
          });
          void router.navigate({ to: '/domains' });
        }}
      >
        <TextField
          label={`Type ${domain.displayName} to confirm`}
          name="confirmName"
          mono
          autoComplete="off"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setDeleteError(null);
          }}
          error={deleteError ?? undefined}
        />
      </ConfirmDialog>
    </>
  );
}

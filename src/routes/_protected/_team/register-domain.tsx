import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { grid, wrap } from 'styled-system/patterns';
import type { Domain } from '@/contract/domains';
import { normalizeZoneName } from '@/domain/dns';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
import { appConfigQuery } from '@/services/app-config.queries';
import { useCreateDomain } from '@/services/domains.mutations';
import { domainsQuery } from '@/services/domains.queries';
import { Alert } from '@/ui/alert';
import { Button, buttonRecipe } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { TextField } from '@/ui/text-field';
import { PageHeader } from '../../-components/page';
import { DelegationPanel } from '../-components/domain/delegation';
import { DnsServerNotice } from '../-components/domain/dns-server-notice';
import { FocusedLayout } from '../-components/focused-layout';
import { useTeam } from '../-components/use-current-team';

// /register-domain: host a domain the team owns as a zone, then see what to set at the registrar.
export const Route = createFileRoute('/_protected/_team/register-domain')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(appConfigQuery()),
  component: RegisterDomainPage,
});

function RegisterDomainPage() {
  const t = useT();
  const team = useTeam();
  const [created, setCreated] = useState<Domain | null>(null);
  // The domain as the team's list has it now: its delegation changes while the page is open.
  const domains = useQuery({ ...domainsQuery(team.id), enabled: created !== null }).data?.domains;
  const added = created && (domains?.find((domain) => domain.id === created.id) ?? created);
  return (
    <FocusedLayout>
      <PageHeader title={t('domains.list.add')} description={t('domains.register.lead')} />
      <div className={grid({ gap: '5' })}>
        <DnsServerNotice />
        {!can(team.role, 'resources.manage') ? (
          <EmptyState title={t('domains.register.notAllowed')} description={whyNot('resources.manage')} />
        ) : added ? (
          <>
            <Alert tone="success">{t('domains.register.added', { domain: added.displayName })}</Alert>
            <DelegationPanel domain={added} />
            <div className={wrap({ gap: '3' })}>
              <Link
                to="/domains/$id"
                params={{ id: added.name }}
                className={buttonRecipe({ variant: 'solid' })}
              >
                {t('domains.register.goToRecords', { domain: added.displayName })}
              </Link>
              <Button variant="outline" onClick={() => setCreated(null)}>
                {t('domains.register.addAnother')}
              </Button>
            </div>
          </>
        ) : (
          <AddDomainForm teamId={team.id} onAdded={setCreated} />
        )}
      </div>
    </FocusedLayout>
  );
}

function AddDomainForm({ teamId, onAdded }: { teamId: string; onAdded: (domain: Domain) => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const add = useCreateDomain(teamId, { onSuccess: onAdded });
  const checked = normalizeZoneName(name);
  const localError = touched && name.trim() && !checked.ok ? checked.message : undefined;
  const serverError = add.error?.fieldErrors.name;
  return (
    <form
      noValidate
      className={grid({ gap: '4', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (checked.ok) add.mutate(name);
      }}
    >
      <TextField
        label={t('domains.list.searchPlaceholder')}
        name="name"
        mono
        autoComplete="off"
        spellCheck={false}
        placeholder="example.rw"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          add.reset();
        }}
        onBlur={() => setTouched(true)}
        help={
          checked.ok && checked.displayName !== checked.name
            ? t('domains.register.storedAs', { name: checked.name })
            : t('domains.register.nameHelp')
        }
        error={
          localError ??
          serverError ??
          (touched && !name.trim() ? t('contract.domainName.required') : undefined)
        }
      />
      {add.error && !add.error.fieldErrors.name ? <Alert tone="error">{add.error.message}</Alert> : null}
      <div>
        <Button type="submit" variant="solid" loading={add.isPending}>
          {t('domains.register.submit')}
        </Button>
      </div>
    </form>
  );
}

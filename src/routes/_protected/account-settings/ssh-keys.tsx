import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { currentSessionQuery } from '@/services/auth.queries';
import { mySshKeysQuery } from '@/services/ssh-keys.queries';
import { SectionHeading } from '../../-components/page';
import { SshKeyForm } from './-components/ssh-key-form';
import { SshKeyList } from './-components/ssh-key-list';

// Account settings → SSH keys: save public keys once (kept private or shared with one of your teams) and
// pick them when creating a compute.
export const Route = createFileRoute('/_protected/account-settings/ssh-keys')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(currentSessionQuery()),
      queryClient.ensureQueryData(mySshKeysQuery()),
    ]),
  component: SshKeysPage,
});

function SshKeysPage() {
  const t = useT();
  const { data: current } = useSuspenseQuery(currentSessionQuery());
  return (
    <>
      <SectionHeading
        title={t('account.tab.sshKeys')}
        documentTitle={`${t('account.tab.sshKeys')} · ${t('account.title')}`}
      />
      <p className={css({ color: 'fg.muted', marginBottom: '4', maxWidth: '70ch' })}>
        {t('account.sshKeys.pageLead')}
      </p>
      <div className={grid({ gap: '5' })}>
        <SshKeyForm teams={current.teams} />
        <SshKeyList />
      </div>
    </>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
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
  const { data: current } = useSuspenseQuery(currentSessionQuery());
  return (
    <>
      <SectionHeading title="SSH keys" documentTitle="SSH keys · Account settings" />
      <p className={css({ color: 'fg.muted', marginBottom: '4', maxWidth: '70ch' })}>
        Keys saved here are offered when you create a compute; pick one or more and each can sign in as root.
        Share a key with a team to offer it to everyone there (a deploy key, say). Deleting a key leaves the
        computes made with it as they are.
      </p>
      <div className={grid({ gap: '5' })}>
        <SshKeyForm teams={current.teams} />
        <SshKeyList />
      </div>
    </>
  );
}

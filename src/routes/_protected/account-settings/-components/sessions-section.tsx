// Where the person is signed in: device, address and last activity, with signing out any of them.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { useRevokeSession, useSignOutOtherSessions } from '@/services/auth.mutations';
import { sessionsQuery } from '@/services/auth.queries';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import * as Table from '@/ui/table';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { SettingsSection } from '../../-components/settings-section';

export function SessionsSection() {
  const sessions = useSuspenseQuery(sessionsQuery());
  const [notice, setNotice] = useState<string | null>(null);
  const revoke = useRevokeSession({ onSuccess: () => setNotice('That session is signed out.') });
  const revokeOthers = useSignOutOtherSessions({
    onSuccess: ({ revoked }) =>
      setNotice(
        revoked === 0
          ? 'You were not signed in anywhere else.'
          : `Signed out of ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}.`,
      ),
  });
  const confirmSignOut = useConfirmAction(() => revokeOthers.mutateAsync());
  const others = sessions.data.sessions.filter((session) => !session.current).length;
  const failure = revoke.error ?? revokeOthers.error ?? sessions.error;

  return (
    <SettingsSection
      id="sessions"
      title="Where you're signed in"
      description="Sign out of a browser you no longer use, or everywhere but here if you think someone else has access."
    >
      <Table.Root caption="Your sessions" hideCaption>
        <Table.Head>
          <Table.Row>
            <Table.Header>Device</Table.Header>
            <Table.Header>IP address</Table.Header>
            <Table.Header>Last active</Table.Header>
            <Table.Header>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {sessions.data.sessions.map((session) => (
            <Table.Row key={session.id}>
              <Table.Cell>
                {session.device} {session.current ? <Badge tone="accent">This browser</Badge> : null}
              </Table.Cell>
              <Table.Cell mono>{session.ip ?? 'Unknown'}</Table.Cell>
              <Table.Cell>
                <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                  {formatRelative(session.lastSeenAt)}
                </time>
              </Table.Cell>
              <Table.Cell>
                {session.current ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={revoke.isPending && revoke.variables === session.id}
                    onClick={() => revoke.mutate(session.id)}
                  >
                    Sign out<VisuallyHidden> {session.device}</VisuallyHidden>
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {failure ? <Alert tone="error">{failure.message}</Alert> : null}
      <div>
        <Button variant="outline" disabled={others === 0} onClick={() => confirmSignOut.ask(true)}>
          Sign out everywhere else
        </Button>
      </div>
      <ConfirmDialog
        {...confirmSignOut.dialog}
        title="Sign out everywhere else?"
        description={`${others} other ${others === 1 ? 'session' : 'sessions'} will be signed out. This browser stays signed in.`}
        confirmLabel="Sign out everywhere else"
        danger
      />
    </SettingsSection>
  );
}

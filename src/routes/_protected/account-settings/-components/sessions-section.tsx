// Where the person is signed in: device, address and last activity, with signing out any of them.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatRelative } from '@/domain/helpers/time';
import { useT } from '@/i18n';
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
  const t = useT();
  const sessions = useSuspenseQuery(sessionsQuery());
  const [notice, setNotice] = useState<string | null>(null);
  const revoke = useRevokeSession({ onSuccess: () => setNotice(t('account.sessions.signedOutOne')) });
  const revokeOthers = useSignOutOtherSessions({
    onSuccess: ({ revoked }) =>
      setNotice(
        revoked === 0
          ? t('account.sessions.noneElsewhere')
          : t('account.sessions.signedOutOthers', { count: revoked }),
      ),
  });
  const confirmSignOut = useConfirmAction(() => revokeOthers.mutateAsync());
  const others = sessions.data.sessions.filter((session) => !session.current).length;
  const failure = revoke.error ?? revokeOthers.error ?? sessions.error;

  return (
    <SettingsSection
      id="sessions"
      title={t('account.sessions.title')}
      description={t('account.sessions.lead')}
    >
      <Table.Root caption={t('account.sessions.caption')} hideCaption>
        <Table.Head>
          <Table.Row>
            <Table.Header>{t('account.sessions.device')}</Table.Header>
            <Table.Header>{t('account.sessions.ip')}</Table.Header>
            <Table.Header>{t('account.sessions.lastActive')}</Table.Header>
            <Table.Header>
              <VisuallyHidden>{t('ui.table.actions')}</VisuallyHidden>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {sessions.data.sessions.map((session) => (
            <Table.Row key={session.id}>
              <Table.Cell>
                {session.device}{' '}
                {session.current ? <Badge tone="accent">{t('account.sessions.thisBrowser')}</Badge> : null}
              </Table.Cell>
              <Table.Cell mono>{session.ip ?? t('account.sessions.unknownIp')}</Table.Cell>
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
                    {t('account.sessions.signOut')}
                    <VisuallyHidden> {session.device}</VisuallyHidden>
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
          {t('account.sessions.signOutOthers')}
        </Button>
      </div>
      <ConfirmDialog
        {...confirmSignOut.dialog}
        title={t('account.sessions.confirmTitle')}
        description={t('account.sessions.confirmText', { count: others })}
        confirmLabel={t('account.sessions.signOutOthers')}
        danger
      />
    </SettingsSection>
  );
}

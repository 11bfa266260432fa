// The saved SSH keys the person can pick: their own (which they may delete) and those shared with their teams.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { SshKey } from '@/contract/ssh-keys';
import { useT } from '@/i18n';
import { useDeleteSshKey } from '@/services/ssh-keys.mutations';
import { mySshKeysQuery } from '@/services/ssh-keys.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import * as Table from '@/ui/table';
import { Text } from '@/ui/text';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { SettingsSection } from '../../-components/settings-section';

export function SshKeyList() {
  const t = useT();
  const keys = useSuspenseQuery(mySshKeysQuery()).data.keys;
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useDeleteSshKey({
    onSuccess: (_, key) => setNotice(t('account.sshKeys.deleted', { name: key.name })),
  });
  const confirmDelete = useConfirmAction((key: SshKey) => remove.mutateAsync(key));
  return (
    <SettingsSection
      id="ssh-keys"
      title={t('account.sshKeys.listTitle')}
      description={t('account.sshKeys.listLead')}
    >
      {keys.length === 0 ? <Text variant="muted">{t('account.sshKeys.none')}</Text> : null}
      {keys.length > 0 ? (
        <Table.Root caption={t('account.sshKeys.caption')} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('auth.name')}</Table.Header>
              <Table.Header>{t('account.sshKeys.fingerprint')}</Table.Header>
              <Table.Header>{t('account.sshKeys.who')}</Table.Header>
              <Table.Header>
                <VisuallyHidden>{t('ui.table.actions')}</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {keys.map((key) => (
              <Table.Row key={key.id}>
                <Table.Cell>
                  <Text as="span" variant="strong">
                    {key.name}
                  </Text>
                  <Table.Detail>{key.type}</Table.Detail>
                </Table.Cell>
                <Table.Cell mono>
                  <span className={css({ overflowWrap: 'anywhere' })}>{key.fingerprint}</span>
                </Table.Cell>
                <Table.Cell>
                  {key.team
                    ? t('account.sshKeys.everyoneIn', { team: key.team.name })
                    : t('account.sshKeys.onlyYou')}
                  {key.mine ? null : (
                    <Table.Detail>{t('account.sshKeys.addedBy', { name: key.owner.name })}</Table.Detail>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {key.mine ? (
                    <Button size="sm" variant="ghost" onClick={() => confirmDelete.ask(key)}>
                      {t('account.sshKeys.delete')}
                      <VisuallyHidden> {key.name}</VisuallyHidden>
                    </Button>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}
      <ConfirmDialog
        {...confirmDelete.dialog}
        title={t('account.sshKeys.confirmTitle', { name: confirmDelete.target?.name ?? '' })}
        description={t('account.sshKeys.confirmText')}
        confirmLabel={t('account.sshKeys.confirm')}
        danger
      />
    </SettingsSection>
  );
}

// The saved SSH keys the person can pick: their own (which they may delete) and those shared with their teams.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { SshKey } from '@/contract/ssh-keys';
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
  const keys = useSuspenseQuery(mySshKeysQuery()).data.keys;
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useDeleteSshKey({ onSuccess: (_, key) => setNotice(`“${key.name}” is deleted.`) });
  const confirmDelete = useConfirmAction((key: SshKey) => remove.mutateAsync(key));
  return (
    <SettingsSection
      id="ssh-keys"
      title="Your keys"
      description="Yours, and those your teams share with you."
    >
      {keys.length === 0 ? <Text variant="muted">No saved SSH keys yet.</Text> : null}
      {keys.length > 0 ? (
        <Table.Root caption="Saved SSH keys" hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>Name</Table.Header>
              <Table.Header>Fingerprint</Table.Header>
              <Table.Header>Who can use it</Table.Header>
              <Table.Header>
                <VisuallyHidden>Actions</VisuallyHidden>
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
                  {key.team ? `Everyone in ${key.team.name}` : 'Only you'}
                  {key.mine ? null : <Table.Detail>Added by {key.owner.name}</Table.Detail>}
                </Table.Cell>
                <Table.Cell>
                  {key.mine ? (
                    <Button size="sm" variant="ghost" onClick={() => confirmDelete.ask(key)}>
                      Delete<VisuallyHidden> {key.name}</VisuallyHidden>
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
        title={`Delete “${confirmDelete.target?.name ?? ''}”?`}
        description="It is no longer offered for new computes. Computes made with it keep it."
        confirmLabel="Delete the key"
        danger
      />
    </SettingsSection>
  );
}

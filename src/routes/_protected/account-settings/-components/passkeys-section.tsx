// Account settings → Security → Passkeys and security keys: the person's keys (name, when added, last
// used), adding one (the passkey-add machine: the server's options, the browser's own dialog, the server's
// check) and removing one after a confirmation. The first key turns two-factor sign-in on.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { Passkey, TwoFactorStatus } from '@/contract/two-factor';
import { formatUtcDay } from '@/domain/helpers/time';
import { passkeyAddMachine } from '@/machines/passkey-add';
import { makePasskey } from '@/services/passkeys';
import { startPasskey } from '@/services/two-factor.api';
import { useFinishPasskey, useRemovePasskey } from '@/services/two-factor.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import * as Table from '@/ui/table';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { SettingsSection } from '../../-components/settings-section';
import { RecoveryCodes } from './recovery-codes';

/** Browsers refuse WebAuthn on an IP address: the same page by name, where there is one (loopback). */
function byNameInstead(): { refused: boolean; url: string | null } {
  const { hostname, href } = window.location;
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
  if (!ip) return { refused: false, url: null };
  const loopback = hostname.startsWith('127.') || hostname === '[::1]';
  return { refused: true, url: loopback ? href.replace(hostname, 'localhost') : null };
}

export function PasskeysSection({ status }: { status: TwoFactorStatus }) {
  const byName = byNameInstead();
  const finishPasskey = useFinishPasskey();
  const actor = useActorRef(
    passkeyAddMachine.provide({
      actors: {
        prepare: fromPromise(
          async ({ input }: { input: { name: string } }): Promise<{ options: unknown }> =>
            startPasskey(input),
        ),
        create: fromPromise(
          async ({ input }: { input: { options: unknown } }): Promise<unknown> => makePasskey(input.options),
        ),
        save: fromPromise(({ input }: { input: { response: unknown } }) => finishPasskey.mutateAsync(input)),
      },
    }),
    withInspector(),
  );
  const snapshot = useSelector(actor, (state) => state);
  const { fieldErrors, message, notice, recoveryCodes } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const [name, setName] = useState('');
  // Added: the field is ready for the next key.
  useEffect(() => {
    if (notice) setName('');
  }, [notice]);
  const [removedNotice, setRemovedNotice] = useState<string | null>(null);
  const remove = useRemovePasskey({
    onSuccess: (after, key) =>
      setRemovedNotice(
        after.on ? `“${key.name}” is removed.` : `“${key.name}” is removed. Two-factor sign-in is off.`,
      ),
  });
  // A refusal shows beside the list (remove.error); the dialog closes either way.
  const confirmRemove = useConfirmAction((key: Passkey) => remove.mutateAsync(key).catch(() => undefined));

  return (
    <SettingsSection
      id="passkeys"
      title="Passkeys and security keys"
      description="Finish signing in with a touch of your security key, your fingerprint or your device’s screen lock: nothing to type, and it only works on this console."
    >
      {status.passkeys.length === 0 ? (
        <Text variant="muted">No passkeys yet.</Text>
      ) : (
        <Table.Root caption="Your passkeys" hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>Name</Table.Header>
              <Table.Header>Added</Table.Header>
              <Table.Header>Last used</Table.Header>
              <Table.Header>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {status.passkeys.map((key) => (
              <Table.Row key={key.id}>
                <Table.Cell>
                  <Text as="span" variant="strong">
                    {key.name}
                  </Text>
                  <Table.Detail>{key.backedUp ? 'Synced passkey' : 'On one device or key'}</Table.Detail>
                </Table.Cell>
                <Table.Cell>{formatUtcDay(key.createdAt)}</Table.Cell>
                <Table.Cell>{key.lastUsedAt ? formatUtcDay(key.lastUsedAt) : 'Never'}</Table.Cell>
                <Table.Cell>
                  <Button size="sm" variant="ghost" onClick={() => confirmRemove.ask(key)}>
                    Remove<VisuallyHidden> {key.name}</VisuallyHidden>
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {removedNotice ? <Alert tone="success">{removedNotice}</Alert> : null}
      {remove.error ? <Alert tone="error">{remove.error.message}</Alert> : null}

      {byName.refused ? (
        <Alert tone="info">
          <span>
            Browsers use passkeys only on a console opened by its name, not at an IP address.{' '}
            {byName.url ? (
              <>
                Open{' '}
                <a
                  href={byName.url}
                  className={css({ overflowWrap: 'anywhere', textDecoration: 'underline' })}
                >
                  {byName.url}
                </a>{' '}
                to add one (you sign in again there).
              </>
            ) : (
              'Ask whoever runs this console for its name (PUBLIC_URL).'
            )}
          </span>
        </Alert>
      ) : null}
      {recoveryCodes && snapshot.matches('showingCodes') ? (
        <RecoveryCodes codes={recoveryCodes} onSaved={() => actor.send({ type: 'codes.saved' })} />
      ) : (
        <form
          noValidate
          className={grid({ gap: '4', maxWidth: '32rem' })}
          onSubmit={(event) => {
            event.preventDefault();
            setRemovedNotice(null);
            actor.send({ type: 'passkey.add', name });
          }}
        >
          <TextField
            label="Passkey name"
            name="passkeyName"
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            help="To tell your keys apart, like “Laptop” or “YubiKey”."
            error={fieldErrors.name}
            required
          />
          {snapshot.matches('waitingForKey') ? (
            <Text variant="muted" role="status">
              Follow your browser: touch your security key or confirm on your device.
            </Text>
          ) : null}
          {message ? <Alert tone="error">{message}</Alert> : null}
          {notice && snapshot.hasTag('editing') ? <Alert tone="success">{notice}</Alert> : null}
          <div>
            <Button type="submit" loading={busy}>
              Add a passkey
            </Button>
          </div>
        </form>
      )}

      <ConfirmDialog
        {...confirmRemove.dialog}
        title={`Remove “${confirmRemove.target?.name ?? ''}”?`}
        description={
          status.passkeys.length === 1 && status.totpSince === null
            ? 'It is your only second factor: two-factor sign-in turns off and your recovery codes stop working.'
            : 'It no longer signs you in. Your other ways to finish signing in stay.'
        }
        confirmLabel="Remove the passkey"
        danger
      />
    </SettingsSection>
  );
}

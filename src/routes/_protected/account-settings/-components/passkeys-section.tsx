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
import { tRich, useT } from '@/i18n';
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
  const t = useT();
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
        after.on
          ? t('account.passkeys.removed', { name: key.name })
          : t('account.passkeys.removedOff', { name: key.name }),
      ),
  });
  // A refusal shows beside the list (remove.error); the dialog closes either way.
  const confirmRemove = useConfirmAction((key: Passkey) => remove.mutateAsync(key).catch(() => undefined));

  return (
    <SettingsSection
      id="passkeys"
      title={t('account.passkeys.title')}
      description={t('account.passkeys.lead')}
    >
      {status.passkeys.length === 0 ? (
        <Text variant="muted">{t('account.passkeys.none')}</Text>
      ) : (
        <Table.Root caption={t('account.passkeys.caption')} hideCaption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('auth.name')}</Table.Header>
              <Table.Header>{t('account.passkeys.added')}</Table.Header>
              <Table.Header>{t('account.lastUsed')}</Table.Header>
              <Table.Header>
                <VisuallyHidden>{t('ui.table.actions')}</VisuallyHidden>
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
                  <Table.Detail>
                    {key.backedUp ? t('account.passkeys.synced') : t('account.passkeys.oneDevice')}
                  </Table.Detail>
                </Table.Cell>
                <Table.Cell>{formatUtcDay(key.createdAt)}</Table.Cell>
                <Table.Cell>{key.lastUsedAt ? formatUtcDay(key.lastUsedAt) : t('account.never')}</Table.Cell>
                <Table.Cell>
                  <Button size="sm" variant="ghost" onClick={() => confirmRemove.ask(key)}>
                    {t('account.passkeys.remove')}
                    <VisuallyHidden> {key.name}</VisuallyHidden>
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
            {t('account.passkeys.byName')}{' '}
            {byName.url
              ? tRich('account.passkeys.openByName', {
                  address: (
                    <a
                      href={byName.url}
                      translate="no"
                      className={css({ overflowWrap: 'anywhere', textDecoration: 'underline' })}
                    >
                      {byName.url}
                    </a>
                  ),
                })
              : t('account.passkeys.askName')}
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
            label={t('account.passkeys.nameLabel')}
            name="passkeyName"
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            help={t('account.passkeys.nameHelp')}
            error={fieldErrors.name}
            required
          />
          {snapshot.matches('waitingForKey') ? (
            <Text variant="muted" role="status">
              {t('auth.twoFactor.followBrowser')}
            </Text>
          ) : null}
          {message ? <Alert tone="error">{message}</Alert> : null}
          {notice && snapshot.hasTag('editing') ? <Alert tone="success">{notice}</Alert> : null}
          <div>
            <Button type="submit" loading={busy}>
              {t('account.passkeys.add')}
            </Button>
          </div>
        </form>
      )}

      <ConfirmDialog
        {...confirmRemove.dialog}
        title={t('account.passkeys.confirmTitle', { name: confirmRemove.target?.name ?? '' })}
        description={
          status.passkeys.length === 1 && status.totpSince === null
            ? t('account.passkeys.confirmLast')
            : t('account.passkeys.confirmOther')
        }
        confirmLabel={t('account.passkeys.confirm')}
        danger
      />
    </SettingsSection>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import { formatUtcDay } from '@/domain/helpers/time';
import { useT } from '@/i18n';
import { twoFactorSetupMachine } from '@/machines/two-factor-setup';
import { startTotpSetup } from '@/services/two-factor.api';
import { useConfirmTotp, useDisableTwoFactor } from '@/services/two-factor.mutations';
import { twoFactorStatusQuery } from '@/services/two-factor.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';
import { TextField } from '@/ui/text-field';
import { SectionHeading } from '../../-components/page';
import { SettingsSection } from '../-components/settings-section';
import { PasskeysSection } from './-components/passkeys-section';
import { RecoveryCodes } from './-components/recovery-codes';

// Account settings → Security: two-factor sign-in with an authenticator app (any TOTP app: the QR code is
// drawn by the server, nothing is fetched elsewhere; the two-factor-setup machine's flow), with passkeys
// and security keys (passkeys-section.tsx), and the recovery codes either brings.
export const Route = createFileRoute('/_protected/account-settings/security')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(twoFactorStatusQuery()),
  component: SecurityPage,
});

function SecurityPage() {
  const t = useT();
  const { data: status } = useSuspenseQuery(twoFactorStatusQuery());
  const confirmTotp = useConfirmTotp();
  const disableTwoFactor = useDisableTwoFactor();
  const actor = useActorRef(
    twoFactorSetupMachine.provide({
      actors: {
        start: fromPromise(() => startTotpSetup()),
        confirm: fromPromise(({ input }: { input: { code: string } }) => confirmTotp.mutateAsync(input)),
        disable: fromPromise(({ input }: { input: { code: string } }) => disableTwoFactor.mutateAsync(input)),
      },
    }),
    withInspector({ input: { status } }),
  );
  const snapshot = useSelector(actor, (state) => state);
  const { setup, recoveryCodes, fieldErrors, message, notice } = snapshot.context;
  const on = snapshot.context.status.totpSince !== null;
  const hasPasskeys = status.passkeys.length > 0;
  const idle = snapshot.matches('idle');
  const [code, setCode] = useState('');
  const send = (type: 'setup.confirm' | 'disable.submit') => {
    actor.send({ type, code });
    setCode('');
  };

  return (
    <>
      <SectionHeading
        title={t('account.tab.security')}
        documentTitle={`${t('account.tab.security')} · ${t('account.title')}`}
      />
      <p data-testid="two-factor-summary">
        {status.on
          ? `${t('account.security.summaryOn', {
              method: on && hasPasskeys ? 'both' : hasPasskeys ? 'passkey' : 'app',
            })} ${t('account.security.codesLeft', { count: status.recoveryCodesLeft })}`
          : t('account.security.summaryOff')}
      </p>
      <SettingsSection
        id="two-factor"
        title={t('account.security.app.title')}
        description={t('account.security.app.lead')}
      >
        {(idle && !on) || snapshot.matches('starting') ? (
          <>
            <p>{t('account.security.app.none')}</p>
            {notice ? <Alert tone="success">{notice}</Alert> : null}
            {message ? <Alert tone="error">{message}</Alert> : null}
            <div>
              <Button loading={snapshot.hasTag('busy')} onClick={() => actor.send({ type: 'setup.start' })}>
                {t('account.security.app.setUp')}
              </Button>
            </div>
          </>
        ) : null}

        {(snapshot.matches('scanning') || snapshot.matches('confirming')) && setup ? (
          <form
            noValidate
            className={grid({ gap: '4', maxWidth: '32rem' })}
            onSubmit={(event) => {
              event.preventDefault();
              send('setup.confirm');
            }}
          >
            <p>{t('account.security.app.scan')}</p>
            <img
              src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`}
              alt={t('account.security.app.qrAlt')}
              width={192}
              height={192}
              className={css({ background: 'white', borderRadius: 'md' })}
            />
            <div className={grid({ gap: '1' })}>
              <span>{t('account.security.app.typeKey')}</span>
              <code
                data-testid="totp-secret"
                className={css({ fontFamily: 'mono', overflowWrap: 'anywhere' })}
              >
                {setup.secret}
              </code>
              <div>
                <CopyButton value={setup.secret} label={t('account.security.app.copyKey')} />
              </div>
            </div>
            <TextField
              label={t('account.security.app.codeLabel')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              help={t('account.security.app.codeHelp')}
              error={fieldErrors.code}
              required
            />
            {message ? <Alert tone="error">{message}</Alert> : null}
            <div className={wrap({ gap: '3' })}>
              <Button type="submit" loading={snapshot.hasTag('busy')}>
                {t('account.security.app.turnOn')}
              </Button>
              <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'setup.cancel' })}>
                {t('ui.cancel')}
              </Button>
            </div>
          </form>
        ) : null}

        {snapshot.matches('showingCodes') && recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onSaved={() => actor.send({ type: 'codes.saved' })} />
        ) : null}

        {(idle && on) || snapshot.matches('disabling') ? (
          <form
            noValidate
            className={grid({ gap: '4', maxWidth: '32rem' })}
            onSubmit={(event) => {
              event.preventDefault();
              send('disable.submit');
            }}
          >
            <p>
              {status.totpSince
                ? t('account.security.app.onSince', { date: formatUtcDay(status.totpSince) })
                : t('account.security.app.onSinceToday')}{' '}
              {t('account.security.codesLeft', { count: status.recoveryCodesLeft })}
            </p>
            <TextField
              label={t('account.security.app.offLabel')}
              name="code"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              help={t('account.security.app.offHelp')}
              error={fieldErrors.code}
              required
            />
            {message ? <Alert tone="error">{message}</Alert> : null}
            <div>
              <Button type="submit" variant="outline" loading={snapshot.hasTag('busy')}>
                {hasPasskeys ? t('account.security.app.remove') : t('account.security.app.turnOff')}
              </Button>
            </div>
          </form>
        ) : null}
      </SettingsSection>
      <PasskeysSection status={status} />
    </>
  );
}

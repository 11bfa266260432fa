import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import { formatUtcDay } from '@/domain/helpers/time';
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
      <SectionHeading title="Security" documentTitle="Security · Account settings" />
      <p data-testid="two-factor-summary">
        {status.on
          ? `Two-factor sign-in is on: after the e-mail code or GitHub/Google, signing in asks for ${
              on && hasPasskeys
                ? 'your passkey or a code from your app'
                : hasPasskeys
                  ? 'your passkey'
                  : 'a code from your app'
            }. ${status.recoveryCodesLeft} of 10 recovery codes left.`
          : 'Two-factor sign-in is off. Turn it on with an authenticator app, a passkey, or both: someone who gets into your e-mail still cannot sign in.'}
      </p>
      <SettingsSection
        id="two-factor"
        title="Authenticator app"
        description="A second step after the e-mail code or GitHub/Google: the code your authenticator app shows."
      >
        {(idle && !on) || snapshot.matches('starting') ? (
          <>
            <p>
              No app set up. With one, someone who gets into your e-mail still cannot sign in without your
              phone's authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).
            </p>
            {notice ? <Alert tone="success">{notice}</Alert> : null}
            {message ? <Alert tone="error">{message}</Alert> : null}
            <div>
              <Button loading={snapshot.hasTag('busy')} onClick={() => actor.send({ type: 'setup.start' })}>
                Set up an authenticator app
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
            <p>1. Scan this code with your authenticator app.</p>
            <img
              src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`}
              alt="QR code holding the key for your authenticator app"
              width={192}
              height={192}
              className={css({ background: 'white', borderRadius: 'md' })}
            />
            <div className={grid({ gap: '1' })}>
              <span>Or type this key into the app:</span>
              <code
                data-testid="totp-secret"
                className={css({ fontFamily: 'mono', overflowWrap: 'anywhere' })}
              >
                {setup.secret}
              </code>
              <div>
                <CopyButton value={setup.secret} label="Copy the key" />
              </div>
            </div>
            <TextField
              label="Code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              help="2. Enter the 6 digits it shows for Ikirere."
              error={fieldErrors.code}
              required
            />
            {message ? <Alert tone="error">{message}</Alert> : null}
            <div className={wrap({ gap: '3' })}>
              <Button type="submit" loading={snapshot.hasTag('busy')}>
                Turn on
              </Button>
              <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'setup.cancel' })}>
                Cancel
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
              On since {status.totpSince ? formatUtcDay(status.totpSince) : 'today'}.{' '}
              {status.recoveryCodesLeft} of 10 recovery codes left.
            </p>
            <TextField
              label="Code to turn it off"
              name="code"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              help="The 6 digits the app shows now, or a recovery code."
              error={fieldErrors.code}
              required
            />
            {message ? <Alert tone="error">{message}</Alert> : null}
            <div>
              <Button type="submit" variant="outline" loading={snapshot.hasTag('busy')}>
                {hasPasskeys ? 'Remove the authenticator app' : 'Turn off two-factor sign-in'}
              </Button>
            </div>
          </form>
        ) : null}
      </SettingsSection>
      <PasskeysSection status={status} />
    </>
  );
}

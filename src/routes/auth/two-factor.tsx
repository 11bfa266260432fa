import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { secondFactorCodeSchema } from '@/contract/two-factor';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { useDocumentTitle } from '../-components/page';
import { useAuthActor, useAuthSnapshot, useEnterAuthPage } from './-components/use-auth';

// The second step of signing in for a person who uses two-factor sign-in: one of their passkeys, the 6
// digits their authenticator app shows, or one of their recovery codes. Arrived at without a first step, it
// leads back to signing in.
export const Route = createFileRoute('/auth/two-factor')({
  component: TwoFactorPage,
});

function TwoFactorPage() {
  useDocumentTitle('Two-factor sign-in');
  useEnterAuthPage('/auth/two-factor', { type: 'page.twoFactor' });
  const actor = useAuthActor();
  const snapshot = useAuthSnapshot();
  const { fieldErrors, message } = snapshot.context;
  const [code, setCode] = useState('');
  const [typed, setTyped] = useState<string | null>(null);
  const verifying = snapshot.matches({ secondFactor: 'verifying' });
  const usingPasskey = snapshot.matches({ secondFactor: 'usingPasskey' });
  const methods = snapshot.context.secondFactor?.methods ?? [];
  const passkey = methods.includes('passkey');
  const app = methods.includes('totp');

  return (
    <>
      <div className={grid({ gap: '1' })}>
        <Text as="h1" variant="formTitle">
          Two-factor sign-in
        </Text>
        <Text variant="muted">
          {passkey
            ? app
              ? 'Use your passkey or security key, or enter the 6-digit code your authenticator app shows, or a recovery code.'
              : 'Use your passkey or security key, or enter one of your recovery codes.'
            : 'Enter the 6-digit code your authenticator app shows for Ikirere, or one of your recovery codes.'}
        </Text>
      </div>
      {passkey ? (
        <div className={grid({ gap: '2' })}>
          <Button
            variant="solid"
            loading={usingPasskey}
            disabled={verifying}
            onClick={() => actor.send({ type: 'secondFactor.passkey' })}
          >
            Use a passkey
          </Button>
          {usingPasskey ? (
            <Text variant="caption" role="status">
              Follow your browser: touch your security key or confirm on your device.
            </Text>
          ) : null}
          {fieldErrors.passkey ? <Alert tone="error">{fieldErrors.passkey}</Alert> : null}
        </div>
      ) : null}
      <form
        noValidate
        className={grid({ gap: '4' })}
        onSubmit={(event) => {
          event.preventDefault();
          const checked = v.safeParse(secondFactorCodeSchema, code);
          if (!checked.success) {
            setTyped(checked.issues[0].message);
            return;
          }
          setTyped(null);
          actor.send({ type: 'secondFactor.submit', code: checked.output });
        }}
      >
        <TextField
          label={passkey && !app ? 'Recovery code' : 'Code'}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus={!passkey}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setTyped(null);
          }}
          help="A recovery code looks like abcde-23456 and works once."
          error={typed ?? fieldErrors.code}
          required
        />
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Button
          type="submit"
          variant={passkey ? 'outline' : 'solid'}
          loading={verifying}
          disabled={usingPasskey}
        >
          Verify
        </Button>
        <Link to="/auth/login" className={textRecipe({ variant: 'linkSmall' })}>
          Start signing in again
        </Link>
      </form>
    </>
  );
}

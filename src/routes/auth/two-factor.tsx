import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { secondFactorCodeSchema } from '@/contract/two-factor';
import { useT } from '@/i18n';
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
  const t = useT();
  useDocumentTitle(t('auth.twoFactor.title'));
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
          {t('auth.twoFactor.title')}
        </Text>
        <Text variant="muted">
          {passkey
            ? app
              ? t('auth.twoFactor.leadPasskeyApp')
              : t('auth.twoFactor.leadPasskey')
            : t('auth.twoFactor.leadApp')}
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
            {t('auth.twoFactor.usePasskey')}
          </Button>
          {usingPasskey ? (
            <Text variant="caption" role="status">
              {t('auth.twoFactor.followBrowser')}
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
          label={passkey && !app ? t('auth.twoFactor.recoveryCode') : t('auth.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus={!passkey}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setTyped(null);
          }}
          help={t('auth.twoFactor.recoveryHelp')}
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
          {t('auth.verify')}
        </Button>
        <Link to="/auth/login" className={textRecipe({ variant: 'linkSmall' })}>
          {t('auth.twoFactor.restart')}
        </Link>
      </form>
    </>
  );
}

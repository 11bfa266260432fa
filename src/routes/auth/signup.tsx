import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { tRich, useT } from '@/i18n';
import { hasSession } from '@/services/session';
import { readStorage } from '@/services/storage';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { useDocumentTitle } from '../-components/page';
import { SocialSignIn } from './-components/social-sign-in';
import { useAuthActor, useAuthSnapshot, useEnterAuthPage } from './-components/use-auth';

export const Route = createFileRoute('/auth/signup')({
  // Someone already signed in has nothing to do here.
  beforeLoad: () => {
    if (hasSession() && readStorage('user')?.phoneVerified)
      throw redirect({ to: '/overview', replace: true });
  },
  component: SignUpPage,
});

function SignUpPage() {
  const t = useT();
  useDocumentTitle(t('auth.signup.documentTitle'));
  useEnterAuthPage('/auth/signup', { type: 'page.signup' });
  const actor = useAuthActor();
  const snapshot = useAuthSnapshot();
  const [name, setName] = useState(snapshot.context.draft.name);
  const [email, setEmail] = useState(snapshot.context.draft.email);
  const sending = snapshot.hasTag('busy');
  const redirecting = snapshot.matches('redirecting');
  const { fieldErrors, message } = snapshot.context;
  const forInvitation = readStorage('intendedPath')?.startsWith('/invitation/') ?? false;

  return (
    <>
      <div className={grid({ gap: '1' })}>
        <Text as="h1" variant="formTitle">
          {t('auth.signup.title')}
        </Text>
        <Text variant="muted">{t('auth.signup.lead')}</Text>
      </div>
      {forInvitation ? <Alert tone="info">{t('auth.signup.invited')}</Alert> : null}
      <SocialSignIn
        busyProvider={redirecting ? snapshot.context.provider : null}
        disabled={sending || redirecting}
        onChoose={(provider) => actor.send({ type: 'social.start', provider })}
      />
      <form
        noValidate
        className={grid({ gap: '4' })}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit', name, email });
        }}
      >
        <TextField
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name}
        />
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email}
        />
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Button type="submit" variant="solid" loading={sending} disabled={redirecting}>
          {t('auth.signup.submit')}
        </Button>
      </form>
      <p className={css({ color: 'fg.muted', textAlign: 'center' })}>
        {tRich('auth.signup.existing', {
          link: (
            <Link to="/auth/login" className={textRecipe({ variant: 'link' })}>
              {t('auth.signIn')}
            </Link>
          ),
        })}
      </p>
    </>
  );
}

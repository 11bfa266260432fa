import { createFileRoute, Link } from '@tanstack/react-router';
import { hstack } from 'styled-system/patterns';
import * as v from 'valibot';
import { useT } from '@/i18n';
import { providerNames } from '@/machines/auth';
import { readStorage } from '@/services/storage';
import { Alert } from '@/ui/alert';
import { Spinner } from '@/ui/spinner';
import { Text, textRecipe } from '@/ui/text';
import { useDocumentTitle } from '../-components/page';
import { useAuthSnapshot, useEnterAuthPage } from './-components/use-auth';

// Where GitHub or Google sends the browser back: ?code&state, or ?error=access_denied and the like.
const callbackSearchSchema = v.object({
  code: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  state: v.optional(v.pipe(v.string(), v.maxLength(512))),
  error: v.optional(v.pipe(v.string(), v.maxLength(200))),
  error_description: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

export const Route = createFileRoute('/auth/callback')({
  validateSearch: (search) => {
    const parsed = v.safeParse(callbackSearchSchema, search);
    return parsed.success ? parsed.output : {};
  },
  component: CallbackPage,
});

function CallbackPage() {
  const t = useT();
  useDocumentTitle(t('auth.callback.title'));
  const search = Route.useSearch();
  const provider = readStorage('lastUsedSocialLogin');
  useEnterAuthPage('/auth/callback', {
    type: 'page.callback',
    provider,
    params: {
      code: search.code,
      state: search.state,
      error: search.error,
      errorDescription: search.error_description,
    },
  });
  const snapshot = useAuthSnapshot();
  const failed = snapshot.matches({ socialCallback: 'failed' });

  return (
    <>
      <Text as="h1" variant="formTitle">
        {t('auth.callback.title')}
      </Text>
      {failed ? (
        <>
          <Alert tone="error">{snapshot.context.message?.text ?? t('auth.callback.failed')}</Alert>
          <Link to="/auth/login" className={textRecipe({ variant: 'link' })}>
            {t('auth.callback.back')}
          </Link>
        </>
      ) : (
        <p className={hstack({ gap: '2', color: 'fg.muted' })}>
          <Spinner size="sm" />
          {provider
            ? t('auth.callback.signingInWith', { provider: providerNames[provider] })
            : t('auth.callback.signingIn')}
        </p>
      )}
    </>
  );
}

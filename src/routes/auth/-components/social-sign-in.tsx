// "Continue with GitHub / Google": only the providers the server has configured, the last one used marked.
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { grid, hstack } from 'styled-system/patterns';
import type { SignInMethods, SocialProvider } from '@/contract/auth';
import { useT } from '@/i18n';
import { providerNames } from '@/machines/auth';
import { fetchSignInMethods } from '@/services/sign-in-methods';
import { readStorage } from '@/services/storage';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Skeleton } from '@/ui/skeleton';

/**
 * The sign-in methods the server offers. Fetched directly (the sign-in pages don't load the query
 * cache); a failure just leaves the social buttons out: the e-mail code still works.
 */
function useSignInMethods(): { pending: boolean; methods: SignInMethods | null } {
  const [state, setState] = useState<{ pending: boolean; methods: SignInMethods | null }>({
    pending: true,
    methods: null,
  });
  useEffect(() => {
    const leaving = new AbortController();
    fetchSignInMethods(leaving.signal).then(
      (methods) => setState({ pending: false, methods }),
      () => {
        if (!leaving.signal.aborted) setState({ pending: false, methods: null });
      },
    );
    return () => leaving.abort();
  }, []);
  return state;
}

export function SocialSignIn({
  onChoose,
  busyProvider,
  disabled,
}: {
  onChoose: (provider: SocialProvider) => void;
  busyProvider: SocialProvider | null;
  disabled: boolean;
}) {
  const t = useT();
  const { pending, methods } = useSignInMethods();
  const lastUsed = readStorage('lastUsedSocialLogin');
  if (pending) return <Skeleton shape="block" className={css({ height: '10' })} />;
  const providers = methods?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className={grid({ gap: '3' })}>
      <ul className={grid({ gap: '2' })}>
        {providers.map(({ id }) => (
          <li key={id}>
            <Button
              variant="outline"
              className={css({ width: '100%' })}
              loading={busyProvider === id}
              disabled={disabled && busyProvider !== id}
              onClick={() => onChoose(id)}
            >
              {t('auth.social.continueWith', { provider: providerNames[id] })}
              {lastUsed === id ? <Badge tone="accent">{t('auth.social.lastUsed')}</Badge> : null}
            </Button>
          </li>
        ))}
      </ul>
      <p
        className={hstack({
          gap: '3',
          color: 'fg.muted',
          fontSize: 'xs',
          _before: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
          _after: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
        })}
      >
        {t('auth.social.orCode')}
      </p>
    </div>
  );
}

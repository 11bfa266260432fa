// "Continue with GitHub / Google": only the providers the server has configured, the last one used marked.
import { useQuery } from '@tanstack/react-query';
import { css } from '../../../../styled-system/css';
import type { SocialProvider } from '../../../contract/auth';
import { providerNames } from '../../../machines/auth';
import { signInMethodsQuery } from '../../../services/auth.queries';
import { readStorage } from '../../../services/storage';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';

export function SocialSignIn({
  onChoose,
  busyProvider,
  disabled,
}: {
  onChoose: (provider: SocialProvider) => void;
  busyProvider: SocialProvider | null;
  disabled: boolean;
}) {
  const methods = useQuery(signInMethodsQuery());
  const lastUsed = readStorage('lastUsedSocialLogin');
  if (methods.isPending) return <Skeleton shape="block" className={css({ height: '10' })} />;
  const providers = methods.data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <ul className={css({ display: 'grid', gap: '2' })}>
        {providers.map(({ id }) => (
          <li key={id}>
            <Button
              variant="outline"
              className={css({ width: '100%' })}
              loading={busyProvider === id}
              disabled={disabled && busyProvider !== id}
              onClick={() => onChoose(id)}
            >
              Continue with {providerNames[id]}
              {lastUsed === id ? <Badge tone="accent">Last used</Badge> : null}
            </Button>
          </li>
        ))}
      </ul>
      <p
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '3',
          color: 'fg.muted',
          fontSize: 'xs',
          _before: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
          _after: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
        })}
      >
        or with a code by e-mail
      </p>
    </div>
  );
}

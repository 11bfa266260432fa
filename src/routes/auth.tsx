import { createFileRoute, Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { flex, grid, panel } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { authPage } from '@/machines/auth';
import { LanguageChooser } from '@/ui/language-chooser';
import { Logo } from './-components/logo';

// The frame of the sign-in pages: a centred card under the logo. The auth machine decides which page
// shows (after a code is sent, the code page; after a new account signs in, the phone page).
export const Route = createFileRoute('/auth')({
  component: AuthLayout,
});

function AuthLayout() {
  const { actors } = Route.useRouteContext();
  const page = useSelector(actors.auth, authPage);
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  const t = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the machine, not every address change
  useEffect(() => {
    if (page && page !== pathname.replace(/\/$/, '')) void navigate({ to: page });
  }, [page]);

  return (
    <div className={css({ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '4' })}>
      <div className={grid({ gap: '6', width: '100%', maxWidth: '26rem' })}>
        <header className={flex({ justify: 'space-between', align: 'center', gap: '3', wrap: 'wrap' })}>
          <Link to="/" aria-label={t('auth.home')}>
            <Logo />
          </Link>
          <LanguageChooser hideLabel />
        </header>
        <main id="main" className={panel({ gap: '5', padding: { base: '5', md: '8' } })}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { css } from '../../styled-system/css';
import { Logo } from './-components/logo';

// The frame of the sign-in pages: a centred card under the logo.
export const Route = createFileRoute('/auth')({
  component: AuthLayout,
});

function AuthLayout() {
  return (
    <div className={css({ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '4' })}>
      <div className={css({ width: '100%', maxWidth: '26rem', display: 'grid', gap: '6' })}>
        <header className={css({ justifySelf: 'center' })}>
          <Link to="/" aria-label="Ikirere home">
            <Logo />
          </Link>
        </header>
        <main
          id="main"
          className={css({
            bg: 'bg.surface',
            borderWidth: '1px',
            borderColor: 'border.default',
            borderRadius: 'lg',
            padding: { base: '5', md: '8' },
            display: 'grid',
            gap: '4',
          })}
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}

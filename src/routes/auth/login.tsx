import { createFileRoute } from '@tanstack/react-router';
import { css } from '../../../styled-system/css';
import { NotYetAvailable } from '../-components/not-yet';
import { useDocumentTitle } from '../-components/page';

export const Route = createFileRoute('/auth/login')({
  component: LoginPage,
});

function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <>
      <h1 className={css({ fontSize: 'xl' })}>Sign in to your console</h1>
      <NotYetAvailable title="Signing in is not available on this server yet">
        Sign-in with GitHub, Google or a one-time code sent by e-mail arrives with the identity service.
      </NotYetAvailable>
    </>
  );
}

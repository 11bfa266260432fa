import { createFileRoute } from '@tanstack/react-router';
import { css } from '../../../styled-system/css';
import { NotYetAvailable } from '../-components/not-yet';
import { useDocumentTitle } from '../-components/page';

export const Route = createFileRoute('/auth/signup')({
  component: SignupPage,
});

function SignupPage() {
  useDocumentTitle('Create your account');
  return (
    <>
      <h1 className={css({ fontSize: 'xl' })}>Create your Ikirere account</h1>
      <NotYetAvailable title="Sign-up is not available on this server yet">
        Creating an account arrives with the identity service.
      </NotYetAvailable>
    </>
  );
}

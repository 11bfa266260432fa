import { createFileRoute } from '@tanstack/react-router';
import { css } from '../../../styled-system/css';
import { NotYetAvailable } from '../-components/not-yet';
import { useDocumentTitle } from '../-components/page';

export const Route = createFileRoute('/auth/verify-phone')({
  component: VerifyPhonePage,
});

function VerifyPhonePage() {
  useDocumentTitle('Verify your phone number');
  return (
    <>
      <h1 className={css({ fontSize: 'xl' })}>Verify your phone number</h1>
      <NotYetAvailable title="Phone verification is not available on this server yet">
        Verifying a phone number by SMS code arrives with the identity service.
      </NotYetAvailable>
    </>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { css } from '../../../styled-system/css';
import { NotYetAvailable } from '../-components/not-yet';
import { useDocumentTitle } from '../-components/page';

export const Route = createFileRoute('/auth/verify-otp')({
  component: VerifyOtpPage,
});

function VerifyOtpPage() {
  useDocumentTitle('Enter your code');
  return (
    <>
      <h1 className={css({ fontSize: 'xl' })}>Enter the code we sent you</h1>
      <NotYetAvailable title="There is no code to enter yet">
        One-time codes arrive with the identity service.
      </NotYetAvailable>
    </>
  );
}

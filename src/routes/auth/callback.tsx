import { createFileRoute } from '@tanstack/react-router';
import { css } from '../../../styled-system/css';
import { NotYetAvailable } from '../-components/not-yet';
import { useDocumentTitle } from '../-components/page';

export const Route = createFileRoute('/auth/callback')({
  component: CallbackPage,
});

function CallbackPage() {
  useDocumentTitle('Finishing sign-in');
  return (
    <>
      <h1 className={css({ fontSize: 'xl' })}>Finishing sign-in</h1>
      <NotYetAvailable title="No sign-in is in progress">
        This page completes a sign-in with GitHub or Google, which arrives with the identity service.
      </NotYetAvailable>
    </>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { EmptyState } from '@/ui/empty-state';
import { Text, textRecipe } from '@/ui/text';
import { useDocumentTitle } from '../-components/page';
import { CodeForm } from './-components/code-form';
import { useAuthSnapshot, useCodeEntry, useEnterAuthPage } from './-components/use-auth';

export const Route = createFileRoute('/auth/verify-otp')({
  component: VerifyOtpPage,
});

function VerifyOtpPage() {
  useDocumentTitle('Enter your code');
  useEnterAuthPage('/auth/verify-otp', { type: 'page.verifyOtp' });
  const snapshot = useAuthSnapshot();
  const codeEntry = useCodeEntry();
  const pending = snapshot.context.email;

  if (!pending || snapshot.matches('noCodeExpected')) {
    return (
      <>
        <Text as="h1" variant="formTitle">
          Enter the code we sent you
        </Text>
        <EmptyState
          title="No code is on its way"
          description="Start by asking for a code: we'll e-mail it to you."
          action={
            <Link to="/auth/login" className={textRecipe({ variant: 'link' })}>
              Sign in with a code
            </Link>
          }
        />
      </>
    );
  }

  // Verified: the console opens (or the phone step) in a moment.
  if (!codeEntry) return null;
  return (
    <>
      <div className={grid({ gap: '1' })}>
        <Text as="h1" variant="formTitle">
          Enter the code we sent you
        </Text>
        <Text variant="muted">
          Check the inbox of <strong>{pending.address}</strong>.
          {pending.purpose === 'signup' ? ' Entering the code confirms your address.' : ''}
        </Text>
      </div>
      <CodeForm
        actor={codeEntry}
        alternative={
          <Link
            to={pending.purpose === 'signup' ? '/auth/signup' : '/auth/login'}
            className={textRecipe({ variant: 'linkSmall' })}
          >
            Use a different e-mail address
          </Link>
        }
      />
    </>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { css } from '../../../styled-system/css';
import { EmptyState } from '../../ui/empty-state';
import { useDocumentTitle } from '../-components/page';
import { CodeForm } from './-components/code-form';
import { useAuthActor, useAuthSnapshot, useEnterAuthPage } from './-components/use-auth';

export const Route = createFileRoute('/auth/verify-otp')({
  component: VerifyOtpPage,
});

function VerifyOtpPage() {
  useDocumentTitle('Enter your code');
  useEnterAuthPage('/auth/verify-otp', { type: 'page.verifyOtp' });
  const actor = useAuthActor();
  const snapshot = useAuthSnapshot();
  const pending = snapshot.context.email;

  if (!pending || snapshot.matches('noCodeExpected')) {
    return (
      <>
        <h1 className={css({ fontSize: 'xl' })}>Enter the code we sent you</h1>
        <EmptyState
          title="No code is on its way"
          description="Start by asking for a code: we'll e-mail it to you."
          action={
            <Link to="/auth/login" className={css({ color: 'accent.text', fontWeight: '500' })}>
              Sign in with a code
            </Link>
          }
        />
      </>
    );
  }

  return (
    <>
      <div className={css({ display: 'grid', gap: '1' })}>
        <h1 className={css({ fontSize: 'xl' })}>Enter the code we sent you</h1>
        <p className={css({ color: 'fg.muted' })}>
          Check the inbox of <strong>{pending.address}</strong>.
          {pending.purpose === 'signup' ? ' Entering the code confirms your address.' : ''}
        </p>
      </div>
      <CodeForm
        challengeId={pending.challenge.challengeId}
        destination={pending.challenge.destination}
        resendAvailableAt={pending.challenge.resendAvailableAt}
        verifying={snapshot.matches({ emailCode: 'verifying' })}
        resending={snapshot.matches({ emailCode: 'resending' })}
        inCooldown={snapshot.matches({ emailCode: { entering: 'cooldown' } })}
        lockedUntil={snapshot.matches({ emailCode: 'locked' }) ? snapshot.context.lockedUntil : null}
        error={snapshot.context.fieldErrors.code}
        message={snapshot.context.message}
        onSubmit={(code) => actor.send({ type: 'code.submit', code })}
        onResend={() => actor.send({ type: 'code.resend' })}
        alternative={
          <Link
            to={pending.purpose === 'signup' ? '/auth/signup' : '/auth/login'}
            className={css({ color: 'accent.text', fontSize: 'sm' })}
          >
            Use a different e-mail address
          </Link>
        }
      />
    </>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { grid } from 'styled-system/patterns';
import { tRich, useT } from '@/i18n';
import { EmptyState } from '@/ui/empty-state';
import { Text, textRecipe } from '@/ui/text';
import { useDocumentTitle } from '../-components/page';
import { CodeForm } from './-components/code-form';
import { useAuthSnapshot, useCodeEntry, useEnterAuthPage } from './-components/use-auth';

export const Route = createFileRoute('/auth/verify-otp')({
  component: VerifyOtpPage,
});

function VerifyOtpPage() {
  const t = useT();
  useDocumentTitle(t('auth.otp.documentTitle'));
  useEnterAuthPage('/auth/verify-otp', { type: 'page.verifyOtp' });
  const snapshot = useAuthSnapshot();
  const codeEntry = useCodeEntry();
  const pending = snapshot.context.email;

  if (!pending || snapshot.matches('noCodeExpected')) {
    return (
      <>
        <Text as="h1" variant="formTitle">
          {t('auth.otp.title')}
        </Text>
        <EmptyState
          title={t('auth.otp.noneTitle')}
          description={t('auth.otp.noneText')}
          action={
            <Link to="/auth/login" className={textRecipe({ variant: 'link' })}>
              {t('auth.otp.signInWithCode')}
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
          {t('auth.otp.title')}
        </Text>
        <Text variant="muted">
          {tRich(pending.purpose === 'signup' ? 'auth.otp.inboxSignup' : 'auth.otp.inbox', {
            address: <strong>{pending.address}</strong>,
          })}
        </Text>
      </div>
      <CodeForm
        actor={codeEntry}
        alternative={
          <Link
            to={pending.purpose === 'signup' ? '/auth/signup' : '/auth/login'}
            className={textRecipe({ variant: 'linkSmall' })}
          >
            {t('auth.otp.otherAddress')}
          </Link>
        }
      />
    </>
  );
}

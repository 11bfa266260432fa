import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { PhoneField } from '@/ui/phone-field';
import { Text } from '@/ui/text';
import { useDocumentTitle } from '../-components/page';
import { CodeEntryDelivery } from './-components/code-delivery';
import { CodeForm } from './-components/code-form';
import { useAuthActor, useAuthSnapshot, useCodeEntry, useEnterAuthPage } from './-components/use-auth';

export const Route = createFileRoute('/auth/verify-phone')({
  component: VerifyPhonePage,
});

function VerifyPhonePage() {
  const t = useT();
  useDocumentTitle(t('auth.phone.title'));
  useEnterAuthPage('/auth/verify-phone', { type: 'page.verifyPhone' });
  const actor = useAuthActor();
  const snapshot = useAuthSnapshot();
  const codeEntry = useCodeEntry();
  const { phoneDraft, phone, fieldErrors, message } = snapshot.context;
  const [country, setCountry] = useState(phoneDraft.country);
  const [number, setNumber] = useState(phoneDraft.number);
  const sending = snapshot.hasTag('busy');
  const inCodeEntry = snapshot.matches({ phone: 'codeEntry' }) && phone !== null && codeEntry !== undefined;

  return (
    <>
      <div className={grid({ gap: '1' })}>
        <Text as="h1" variant="formTitle">
          {t('auth.phone.title')}
        </Text>
        <Text variant="muted">{inCodeEntry ? t('auth.phone.enterCode') : t('auth.phone.lead')}</Text>
      </div>
      {inCodeEntry && codeEntry ? (
        <>
          <CodeEntryDelivery actor={codeEntry} />
          <CodeForm
            actor={codeEntry}
            alternative={
              <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'phone.changeNumber' })}>
                {t('auth.phone.otherNumber')}
              </Button>
            }
          />
        </>
      ) : (
        <form
          noValidate
          className={grid({ gap: '4' })}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'phone.submit', country, phoneNumber: number });
          }}
        >
          <PhoneField
            label={t('auth.phone.label')}
            name="phoneNumber"
            required
            country={country}
            onCountryChange={setCountry}
            value={number}
            onValueChange={setNumber}
            error={fieldErrors.phoneNumber ?? fieldErrors.country}
          />
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <Button type="submit" variant="solid" loading={sending}>
            {t('auth.phone.send')}
          </Button>
        </form>
      )}
    </>
  );
}

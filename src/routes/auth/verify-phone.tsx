import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
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
  useDocumentTitle('Verify your phone number');
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
          Verify your phone number
        </Text>
        <Text variant="muted">
          {inCodeEntry
            ? 'Enter the code we texted you.'
            : 'One last step for a new account: we text you a code to confirm the number. It helps keep your account and team safe.'}
        </Text>
      </div>
      {inCodeEntry && codeEntry ? (
        <>
          <CodeEntryDelivery actor={codeEntry} />
          <CodeForm
            actor={codeEntry}
            alternative={
              <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'phone.changeNumber' })}>
                Use a different number
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
            label="Phone number"
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
            Text me a code
          </Button>
        </form>
      )}
    </>
  );
}

import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { withInspector } from '@/app-actors';
import type { CurrentSession } from '@/contract/auth';
import { changeWithCodeFor } from '@/machines/change-with-code';
import { CodeEntryDelivery } from '@/routes/auth/-components/code-delivery';
import { requestPhoneCode } from '@/services/auth.api';
import { useVerifyPhone } from '@/services/auth.mutations';
import { PhoneField } from '@/ui/phone-field';
import { SettingsSection } from '../../-components/settings-section';
import { ChangeWithCodeForm } from './change-with-code-form';

export function PhoneSection({ current }: { current: CurrentSession }) {
  const verify = useVerifyPhone();
  const [country, setCountry] = useState('RW');
  const [number, setNumber] = useState('');
  const [changedTo, setChangedTo] = useState('');
  const actor = useActorRef(
    changeWithCodeFor({
      requestCode: (value) => requestPhoneCode(value as { country: string; phoneNumber: string }),
      confirmCode: (input) => verify.mutateAsync(input),
    }).provide({
      actions: {
        changed: (_, { result }) => {
          const session = result as CurrentSession;
          setChangedTo(session.user.phoneNumber ?? '');
          setNumber('');
        },
      },
    }),
    withInspector(),
  );
  return (
    <SettingsSection
      id="phone"
      title="Phone number"
      description={
        current.user.phoneNumber
          ? `Your verified number is ${current.user.phoneNumber}. A new number is confirmed with a code sent to it by SMS.`
          : 'No verified number yet.'
      }
    >
      <ChangeWithCodeForm
        actor={actor}
        submitLabel="Text a code to the new number"
        codeNote={(codeEntry) => <CodeEntryDelivery actor={codeEntry} />}
        doneText={`Your phone number is now ${changedTo}.`}
        onSubmit={() => actor.send({ type: 'change.submit', value: { country, phoneNumber: number } })}
        fields={(errors) => (
          <PhoneField
            label="New phone number"
            name="phoneNumber"
            country={country}
            onCountryChange={setCountry}
            value={number}
            onValueChange={setNumber}
            error={errors.phoneNumber ?? errors.country}
          />
        )}
      />
    </SettingsSection>
  );
}
